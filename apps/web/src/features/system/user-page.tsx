/** Placeholder: the platform's user administration screen is being built. */
export function UserPage() {
  return <div>user</div>;
}
