/** Text made safe to put inside HTML elements and attributes (e-mails, the sandbox checkout page). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
