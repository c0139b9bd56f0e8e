import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('runs the demo with no environment at all', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBeUndefined();
    // The three builds side by side (decision 022): employee and agent next to the citizen build's port.
    expect(c.builds.employee.port).toBe(8081);
    expect(c.builds.agent.port).toBe(8082);
    expect(loadConfig({ PORT: '0' }).builds.employee.port).toBeNull();
    expect(loadConfig({ EMPLOYEE_PORT: '0', AGENT_PORT: '9100' }).builds).toMatchObject({
      employee: { port: null },
      agent: { port: 9100 },
    });
    expect(c.idleTimeoutMs).toBe(3_600_000);
    expect(c.employeeUserSlugs).toEqual(['employee', 'we_employee', 'xceed_employee']);
  });

  it('names the bad variable when a value is invalid', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ EMPLOYEE_PORT: 'x' })).toThrow(/EMPLOYEE_PORT/);
  });

  it("takes the location fields' map tiles from MAP_TILES_URL (decision 052): their origin for the CSP, or off", () => {
    expect(loadConfig({}).map).toMatchObject({ origin: 'https://tile.openstreetmap.org' });
    expect(
      loadConfig({ MAP_TILES_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png', MAP_TILES_ATTRIBUTION: '© Example' }).map,
    ).toEqual({
      tilesUrl: 'https://{s}.tiles.example/{z}/{x}/{y}.png',
      attribution: '© Example',
      origin: 'https://*.tiles.example',
    });
    expect(loadConfig({ MAP_TILES_URL: 'off' }).map).toBeUndefined();
    expect(() => loadConfig({ MAP_TILES_URL: 'javascript:alert(1)//{z}{x}{y}' })).toThrow(/MAP_TILES_URL/);
    expect(() => loadConfig({ MAP_TILES_URL: 'https://tiles.example/static.png' })).toThrow(/MAP_TILES_URL/);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(8080);
  });

  it('runs demo mode on this machine only: 127.0.0.1 by default, links to http://localhost:PORT', () => {
    const c = loadConfig({});
    expect(c.demoMode).toBe(true);
    expect(c.host).toBe('127.0.0.1');
    expect(c.appOrigin).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '4421', HOST: '127.0.0.1' }).appOrigin).toBe('http://localhost:4421');
    expect(loadConfig({ DEMO_MODE: 'false' }).host).toBe('0.0.0.0');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://portal.example/', DEMO_MODE: 'false' }).appOrigin).toBe('https://portal.example');
  });

  it('refuses to start demo mode where others can reach it, unless forced', () => {
    for (const env of [
      { HOST: '0.0.0.0' },
      { HOST: '::' },
      { HOST: '10.0.0.5' },
      { PUBLIC_ORIGIN: 'https://kahraba.example.eg' },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/DEMO_MODE=false|DEMO_MODE_FORCE=true/);
      expect(loadConfig({ ...env, DEMO_MODE: 'false' }).demoMode).toBe(false);
      expect(loadConfig({ ...env, DEMO_MODE_FORCE: 'true' }).demoMode).toBe(true);
    }
    // Loopback names and addresses are this machine.
    for (const env of [
      { HOST: 'localhost' },
      { HOST: '::1' },
      { PUBLIC_ORIGIN: 'http://localhost:5173' },
      { PUBLIC_ORIGIN: 'http://127.0.0.1:8080' },
    ])
      expect(loadConfig(env).demoMode).toBe(true);
  });

  it('refuses demo mode behind a proxy (TRUST_PROXY), the usual set-up of a public server, unless forced', () => {
    // Loopback HOST and no public origin: what a server behind nginx on the same machine looks like.
    const env = { HOST: '127.0.0.1', TRUST_PROXY: 'true' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/TRUST_PROXY=true.*\n[\s\S]*DEMO_MODE=false for a real deployment/);
    expect(loadConfig({ ...env, DEMO_MODE: 'false' }).trustProxy).toBe(true);
    const forced = loadConfig({ ...env, DEMO_MODE_FORCE: 'true' });
    expect([forced.demoMode, forced.demoModeForced, forced.trustProxy]).toEqual([true, true, true]);
  });
});
