import net from 'node:net';

/*
 * Playwright starts the web servers of a config one after the other, each once the one before answers: the portal
 * (migrating and seeding a new embedded database), the maintenance portal, the OpenID provider and Fawry took their
 * start-up times in sequence. playwright.config.ts gives those four no address to wait for, so they start together,
 * and puts this script before and after them (decision 041):
 *
 *   `servers.ts free <port>…`   answers "ports free" once none of the ports is taken: no server of another run is
 *                               mistaken for ours (what Playwright checks for a server with an address); exits 1,
 *                               saying which, otherwise.
 *   `servers.ts ready <url>…`   answers "servers ready" once every address answers as Playwright would accept it
 *                               (2xx, 3xx, 400 to 403), saying every 30 s which it still waits for.
 *
 * Each stays alive until the run ends (Playwright ends them with the servers).
 */

const [mode, ...targets] = process.argv.slice(2);

const taken = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const answers = async (url: string): Promise<boolean> => {
  try {
    const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
    await res.body?.cancel();
    return res.status < 400 || (res.status >= 400 && res.status <= 403);
  } catch {
    return false;
  }
};

const stayAlive = () => setInterval(() => undefined, 1 << 30);

if (mode === 'free') {
  const busy = [];
  for (const port of targets.map(Number)) if (await taken(port)) busy.push(port);
  if (busy.length > 0) {
    console.error(`Port ${busy.join(', ')} is already used: stop what runs there, or set E2E_PORT to another port.`);
    process.exit(1);
  }
  console.log('ports free');
  stayAlive();
} else if (mode === 'ready') {
  const started = Date.now();
  let lastSaid = started;
  let waiting = targets;
  while (waiting.length > 0) {
    const answered = await Promise.all(waiting.map(answers));
    waiting = waiting.filter((_, i) => !answered[i]);
    if (waiting.length === 0) break;
    if (Date.now() - lastSaid > 30_000) {
      lastSaid = Date.now();
      console.error(`after ${Math.round((lastSaid - started) / 1000)} s, still waiting for ${waiting.join(', ')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`servers ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  stayAlive();
} else {
  console.error('usage: servers.ts free <port>… | servers.ts ready <url>…');
  process.exit(2);
}
