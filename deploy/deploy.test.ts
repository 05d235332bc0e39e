/**
 * The deployment files (docs/deployment.md) are only useful if they set settings the server
 * actually reads and probe routes it actually serves. No Docker engine or cluster runs here, so
 * these checks are what can be checked: names, references and that the manifests render.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Every variable loadConfig reads (`env.NAME`). */
const serverVariables = new Set(
  [...read('apps/server/src/platform/config.ts').matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]),
);
/** The variables documented in the README's configuration table. */
const documented = new Set([...read('README.md').matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]));

/** KEY=value lines of an env file. */
function envFileKeys(file: string): string[] {
  return read(file)
    .split('\n')
    .map((line) => line.match(/^([A-Z][A-Z0-9_]*)=/)?.[1])
    .filter((key): key is string => key !== undefined);
}

/** Whether kubectl (with its built-in kustomize) is on this machine. */
function kubectlAvailable(): boolean {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('deployment settings', () => {
  const sources: Record<string, string[]> = {
    'deploy/systemd/node.env.example': envFileKeys('deploy/systemd/node.env.example'),
    'deploy/kubernetes/platform.env': envFileKeys('deploy/kubernetes/platform.env'),
    'deploy/systemd/iot-platform@.service': [
      ...read('deploy/systemd/iot-platform@.service').matchAll(/^Environment=([A-Z][A-Z0-9_]*)=/gm),
    ].map((m) => m[1] as string),
    Dockerfile: [...read('Dockerfile').matchAll(/^\s*(?:ENV )?([A-Z][A-Z0-9_]*)=\S+(?: \\)?$/gm)].map(
      (m) => m[1] as string,
    ),
    // The server container's own env entries (the StatefulSet in platform.yaml).
    'deploy/kubernetes/platform.yaml': [
      ...read('deploy/kubernetes/platform.yaml').matchAll(/- name: ([A-Z][A-Z0-9_]*)$/gm),
    ].map((m) => m[1] as string),
  };

  it.each(Object.entries(sources))(
    '%s sets only variables the server reads and the README documents',
    (_file, keys) => {
      expect(keys.length).toBeGreaterThan(0);
      // NODE_ENV is Node's own, not the platform's.
      const platformKeys = keys.filter((key) => key !== 'NODE_ENV');
      expect(platformKeys.filter((key) => !serverVariables.has(key))).toEqual([]);
      expect(platformKeys.filter((key) => !documented.has(key))).toEqual([]);
    },
  );

  it('gives each node what several nodes must share, and its own broker client id', () => {
    const node = sources['deploy/systemd/node.env.example'];
    for (const key of ['DATABASE_URL', 'MQTT_URL', 'TOKEN_SIGNING_KEY', 'MQTT_HOOK_SECRET', 'MQTT_CLIENT_ID'])
      expect(node).toContain(key);
    expect(sources['deploy/kubernetes/platform.yaml']).toContain('MQTT_CLIENT_ID');
  });

  it('probes routes the server serves', () => {
    const probed = [
      ...read('deploy/kubernetes/platform.yaml').matchAll(/path: (\/\S+)/g),
      ...read('Dockerfile').matchAll(/'\/(healthz|readyz)'/g),
    ].map((m) => (m[1]?.startsWith('/') ? m[1] : `/${m[1]}`));
    expect(new Set(probed)).toEqual(new Set(['/healthz', '/readyz']));
    const health = read('apps/server/src/platform/http/health.ts');
    for (const route of probed) expect(health).toContain(`'${route}'`);
  });
});

describe.runIf(kubectlAvailable())('Kubernetes manifests', () => {
  it('render with kustomize, wiring the generated config and the broker hooks to the platform service', () => {
    const rendered = execFileSync('kubectl', ['kustomize', path.join(root, 'deploy/kubernetes')], {
      encoding: 'utf8',
    });
    const kinds = [...rendered.matchAll(/^kind: (\w+)$/gm)].map((m) => m[1]);
    expect(kinds.filter((kind) => kind === 'StatefulSet')).toHaveLength(3);
    // The generated ConfigMap's hashed name is referenced by the server pods.
    const configName = rendered.match(/name: (iot-platform-config-[a-z0-9]+)/)?.[1];
    expect(configName).toBeDefined();
    expect(rendered.split(configName as string).length).toBeGreaterThan(2);
    // EMQX asks the platform's Service on its HTTP port for both hooks.
    expect(rendered).toContain('url = "http://iot-platform:8080/iot/mqtt/auth"');
    expect(rendered).toContain('url = "http://iot-platform:8080/iot/mqtt/acl"');
    expect(rendered).toMatch(/kind: Service\nmetadata:\n(?:.*\n)*?\s+name: iot-platform\n/);
  });
});
