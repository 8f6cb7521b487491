/** Placeholder: the platform's menu administration screen is being built. */
export function MenuPage() {
  return <div>menu</div>;
}
