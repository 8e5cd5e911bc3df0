export type LoginMode = 'signin' | 'signup';

export interface LoginPageState {
  appName: string;
  mode: LoginMode;
  error?: string;
  /** A neutral message above the form (not an error). */
  notice?: string;
  fieldErrors?: Partial<Record<'email' | 'password' | 'firstName' | 'lastName', string>>;
  values?: { email?: string; firstName?: string; lastName?: string };
}

const escapeMap: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapeMap[c] ?? c);
}

function field(opts: {
  name: 'email' | 'password' | 'firstName' | 'lastName';
  label: string;
  type: string;
  autocomplete: string;
  required?: boolean;
  value?: string;
  error?: string;
  hint?: string;
  autofocus?: boolean;
}): string {
  const id = `f-${opts.name}`;
  const describedBy = opts.error ? `${id}-error` : opts.hint ? `${id}-hint` : '';
  return `<div class="field">
  <label for="${id}">${escapeHtml(opts.label)}${opts.required ? ' <span aria-hidden="true" class="req">*</span>' : ''}</label>
  <input id="${id}" name="${opts.name}" type="${opts.type}" autocomplete="${opts.autocomplete}"${
    opts.required ? ' required' : ''
  }${opts.value ? ` value="${escapeHtml(opts.value)}"` : ''}${opts.error ? ' aria-invalid="true"' : ''}${
    describedBy ? ` aria-describedby="${describedBy}"` : ''
  }${opts.autofocus ? ' autofocus' : ''}>
  ${opts.error ? `<p class="field-error" id="${id}-error">${escapeHtml(opts.error)}</p>` : ''}${
    !opts.error && opts.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(opts.hint)}</p>` : ''
  }
</div>`;
}

const styles = `
:root { color-scheme: light dark; --bg:#f1f3f5; --card:#fff; --text:#212529; --muted:#5c636a; --border:#ced4da;
  --primary:#1864ab; --primary-hover:#145591; --danger:#c92a2a; --danger-bg:#fff5f5; }
html[data-mantine-color-scheme="dark"] { --bg:#1a1b1e; --card:#25262b; --text:#e9ecef; --muted:#a6a7ab; --border:#424448;
  --primary:#4dabf7; --primary-hover:#74c0fc; --danger:#ff8787; --danger-bg:#3b1f1f; }
* { box-sizing: border-box; }
body { margin:0; min-height:100vh; display:flex; align-items:center; justify-content:center; background:var(--bg);
  color:var(--text); font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; padding:16px; }
main { width:100%; max-width:420px; }
.brand { display:flex; align-items:center; gap:10px; justify-content:center; margin-bottom:20px; text-decoration:none; color:var(--text); }
.brand svg { width:32px; height:32px; }
.brand span { font-size:1.5rem; font-weight:700; }
.card { background:var(--card); border:1px solid var(--border); border-radius:12px; padding:28px; box-shadow:0 1px 3px rgba(0,0,0,.08); }
h1 { font-size:1.35rem; margin:0 0 4px; }
.sub { color:var(--muted); margin:0 0 20px; font-size:.95rem; }
.field { margin-bottom:14px; }
label { display:block; font-weight:600; font-size:.9rem; margin-bottom:6px; }
.req { color:var(--danger); }
input { width:100%; padding:10px 12px; border-radius:8px; border:1px solid var(--border); background:var(--card); color:var(--text); font-size:1rem; }
input:focus { outline:2px solid var(--primary); outline-offset:1px; }
input[aria-invalid="true"] { border-color:var(--danger); }
.row { display:flex; gap:12px; } .row .field { flex:1; }
.field-error { color:var(--danger); font-size:.85rem; margin:6px 0 0; }
.hint { color:var(--muted); font-size:.85rem; margin:6px 0 0; }
.notice { background:var(--card); color:var(--text); border:1px solid var(--primary); border-radius:8px; padding:10px 12px; margin-bottom:16px; font-size:.95rem; }
.alert { background:var(--danger-bg); color:var(--danger); border:1px solid var(--danger); border-radius:8px; padding:10px 12px; margin-bottom:16px; font-size:.95rem; }
button { width:100%; padding:11px; border:0; border-radius:8px; background:var(--primary); color:#fff; font-size:1rem; font-weight:600; cursor:pointer; margin-top:6px; }
html[data-mantine-color-scheme="dark"] button { color:#0b1a2a; }
button:hover { background:var(--primary-hover); }
.switch { text-align:center; margin-top:18px; color:var(--muted); font-size:.95rem; }
a { color:var(--primary); }
`;

const logo = `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M5 17h-2v-6l2-5h9l4 5h1a2 2 0 0 1 2 2v4h-2"/><circle cx="7" cy="17" r="2"/><circle cx="17" cy="17" r="2"/><path d="M9 17h6"/></svg>`;

/** The server-rendered sign-in and sign-up page: works without JavaScript, errors shown in the form. */
export function renderLoginPage(state: LoginPageState): string {
  const { appName, mode, error, notice, fieldErrors = {}, values = {} } = state;
  const signup = mode === 'signup';
  const title = signup ? 'Create your account' : 'Sign in';
  const form = signup
    ? `<form method="post" action="/api/signup" novalidate>
  <div class="row">
    ${field({ name: 'firstName', label: 'First name', type: 'text', autocomplete: 'given-name', value: values.firstName, error: fieldErrors.firstName, autofocus: true })}
    ${field({ name: 'lastName', label: 'Last name', type: 'text', autocomplete: 'family-name', value: values.lastName, error: fieldErrors.lastName })}
  </div>
  ${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', required: true, value: values.email, error: fieldErrors.email })}
  ${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', required: true, error: fieldErrors.password, hint: 'At least 8 characters' })}
  <button type="submit">Create account</button>
</form>
<p class="switch">Already have an account? <a href="/api/login">Sign in</a></p>`
    : `<form method="post" action="/api/login" novalidate>
  ${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'username', required: true, value: values.email, error: fieldErrors.email, autofocus: true })}
  ${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', required: true, error: fieldErrors.password })}
  <button type="submit">Sign in</button>
</form>
<p class="switch">New to ${escapeHtml(appName)}? <a href="/api/login?mode=signup">Create an account</a></p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(appName)}</title>
<script src="/theme-init.js"></script>
<style>${styles}</style>
</head>
<body>
<main>
  <a class="brand" href="/">${logo}<span>${escapeHtml(appName)}</span></a>
  <div class="card">
    <h1>${escapeHtml(title)}</h1>
    <p class="sub">${signup ? 'Identify vehicles, track service and get guided help.' : 'Welcome back. Sign in to continue.'}</p>
    ${notice ? `<div class="notice" role="status">${escapeHtml(notice)}</div>` : ''}
    ${error ? `<div class="alert" role="alert">${escapeHtml(error)}</div>` : ''}
    ${form}
  </div>
</main>
</body>
</html>`;
}
