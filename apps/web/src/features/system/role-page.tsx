/** Placeholder: the platform's role administration screen is being built. */
export function RolePage() {
  return <div>role</div>;
}
