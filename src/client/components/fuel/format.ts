/** Why a fill has no economy, in words. */
export const NOTE_TEXT = {
  first: 'First fill of a chain',
  partial: 'Partial: counted at the next full fill',
  missed: 'After a missed fill-up: starts over',
  backwards: 'Odometer lower than before: starts over',
} as const;
