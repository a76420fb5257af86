/**
 * What jsdom lacks and the app's components use: modal <dialog> (showModal and close only toggle `open`) and
 * AbortSignal.timeout (a signal that never aborts). Call from a jsdom test's beforeAll.
 */
export function fillJsdomGaps(): void {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  AbortSignal.timeout ??= () => new AbortController().signal;
}
