/** Placeholder until the page lands (issue 27). */
export function PresenterPage() {
  return null;
}
