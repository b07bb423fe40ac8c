/**
 * The few browser navigation calls the app makes, in one object so tests can replace them
 * (happy-dom cannot leave the page) and the rest of the code stays free of `window.location` writes.
 */
export const browser = {
  /** set by startLeaving(); a fresh page load starts over */
  leaving: false,
  /** Leaves the single-page app for another address (the identity provider, the home page). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /**
   * Marks the page as on its way out (sign-out in progress): redirects to sign in that the emptied
   * session would otherwise trigger are skipped. See isLeaving().
   */
  startLeaving(): void {
    browser.leaving = true;
  },
  isLeaving(): boolean {
    return browser.leaving;
  },
  reload(): void {
    window.location.reload();
  },
  /** Opens an address in a new tab without giving it a handle on this page. */
  openNewTab(url: string): void {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
  origin(): string {
    return window.location.origin;
  },
  /** Path, query and hash of the current page: where sign-in should bring the user back to. */
  currentPath(): string {
    return `${window.location.pathname}${window.location.search}${window.location.hash}`;
  },
  hostname(): string {
    return window.location.hostname;
  },
};

/**
 * Opens a blank tab now (inside the click, so popup blockers allow it) and points it at an address
 * that is still being fetched. The new tab loses its handle on this page.
 */
export const openPendingTab = () => {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  return {
    go(url: string) {
      if (tab && !tab.closed) tab.location.href = url;
      else browser.openNewTab(url);
    },
    close() {
      tab?.close();
    },
  };
};
