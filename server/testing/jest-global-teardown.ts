import './jest-global-setup';

export default function globalTeardown(): void {
  globalThis.postgresCluster?.stop();
}
