import { preparedDataDir, serverChild } from '../fuzz/hardening-kit';
(async () => {
  const prepared = await preparedDataDir([], [{ clientRef: 'c', channel: 'chat' }]);
  const server = await serverChild(prepared.dataDir);
  const b = '----fuzzd585c2b47c521';
  const full = `--${b}\r\nContent-Disposition: form-data; name="client_ref"\r\n\r\nc\r\n--${b}\r\nContent-Disposition: form-data; name="file"; filename="R3.bin"\r\nContent-Type: text/html\r\n\r\ns\r\n--${b}--\r\n`;
  for (const cut of [1, 5, 10, 12, 14, 20, 30]) {
    const r = await fetch(`${server.baseUrl}/media`, { method: 'POST', headers: { authorization: `Bearer ${prepared.key}`, 'content-type': `multipart/form-data; boundary=${b}` }, body: full.slice(0, full.length - cut) }).then((r) => r.status).catch((e) => String(e));
    const alive = await fetch(`${server.baseUrl}/status`).then((r) => r.status).catch((e) => 'DEAD');
    console.log(cut, r, alive);
  }
  await server.stop(); prepared.remove();
})();
