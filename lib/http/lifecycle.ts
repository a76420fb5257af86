/** Whether this process is shutting down (readiness fails so a load balancer stops sending work). */
let draining = false;

export function startDraining(): void {
  draining = true;
}

export function isDraining(): boolean {
  return draining;
}
