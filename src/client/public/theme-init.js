// Applies the stored colour scheme before the app loads, so a dark page never flashes light.
(function () {
  var choice = 'system';
  try {
    choice = localStorage.getItem('vt-theme') || 'system';
  } catch (e) {}
  var dark = choice === 'dark' || (choice === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
})();
