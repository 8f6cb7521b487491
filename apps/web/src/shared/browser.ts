/**
 * Full page loads (and the browser's own alert) go through this object so tests can replace them (jsdom cannot navigate),
 * e.g. `vi.spyOn(browser, 'reload')`.
 */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  assign(url: string): void {
    window.location.assign(url);
  },
  alert(text: string): void {
    window.alert(text);
  },
};
