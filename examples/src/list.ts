/** Every runnable example, in the order CI runs them (rotate-api-key revokes the key the others use, so it is last). */
export const EXAMPLES = [
  'launch-campaign',
  'research-webhook',
  'one-off-email',
  'schedule-post',
  'signals-digest',
  'credit-check',
  'rotate-api-key',
] as const;
