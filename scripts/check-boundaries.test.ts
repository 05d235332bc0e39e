/** Each boundary rule must both catch a violation and let the legal form through. */
import { describe, expect, it } from 'vitest';
import { findViolations } from './check-boundaries.mjs';

/** Violations for a single in-memory file. */
function check(path: string, text: string) {
  return findViolations([{ path, text }]);
}

describe('check-boundaries', () => {
  describe('contracts', () => {
    const file = 'packages/contracts/src/users/index.ts';

    it('allows zod and relative files inside contracts', () => {
      const text = "import { z } from 'zod';\nimport { id } from '../common/validation.js';\n";
      expect(check(file, text)).toEqual([]);
    });

    it('rejects other packages, node built-ins and paths leaving contracts', () => {
      const text = [
        "import { Kysely } from 'kysely';",
        "import { readFileSync } from 'node:fs';",
        "import { config } from '../../../../apps/server/src/platform/config.js';",
      ].join('\n');
      const violations = check(file, text);
      expect(violations.map((v) => v.line)).toEqual([1, 2, 3]);
      expect(violations[0]).toMatchObject({ path: file, message: expect.stringContaining("'kysely'") });
    });
  });

  describe('platform', () => {
    const file = 'apps/server/src/platform/http/route.ts';

    it('allows platform-internal imports', () => {
      expect(check(file, "import { AppError } from '../errors.js';\n")).toEqual([]);
    });

    it('rejects imports from features, including type and dynamic imports', () => {
      const text = [
        "import type { User } from '../../features/users/index.js';",
        "const mod = await import('../../features/users/index.js');",
      ].join('\n');
      expect(check(file, text).map((v) => v.line)).toEqual([1, 2]);
    });

    it('lets app/ import features and platform/, and features import platform/', () => {
      expect(check('apps/web/src/app/screens.tsx', "import('../features/units/index');\n")).toEqual([]);
      expect(check('apps/web/src/app/router.tsx', "import { x } from '../platform/session';\n")).toEqual([]);
      const feature = 'apps/web/src/features/units/pages/Units.tsx';
      expect(check(feature, "import { x } from '../../../platform/session';\n")).toEqual([]);
    });

    it('rejects app/ imported from below it, and features imported from platform/, components/, api/', () => {
      const feature = 'apps/web/src/features/units/pages/Units.tsx';
      expect(check(feature, "import { x } from '../../../app/session';\n")).toHaveLength(1);
      expect(check('apps/web/src/platform/queries.ts', "import { x } from '../app/screens';\n")).toHaveLength(
        1,
      );
      for (const layer of ['platform', 'components', 'api']) {
        const found = check(`apps/web/src/${layer}/x.ts`, "import { y } from '../features/auth/api';\n");
        expect(found.map((v) => v.message)).toEqual([
          `${layer}/ lies below the features and must not import them: '../features/auth/api'`,
        ]);
      }
    });
  });

  describe('cross-feature imports on the server', () => {
    const file = 'apps/server/src/features/roles/roles.service.ts';

    it('allows another feature through index.js, and anything within the same feature', () => {
      const text = [
        "import { usersFeature } from '../users/index.js';",
        "import { rolesRepository } from './roles.repository.js';",
        "import { helper } from '../roles/internal/helper.js';",
        "import { db } from '../../platform/db/connect.js';",
      ].join('\n');
      expect(check(file, text)).toEqual([]);
    });

    it("rejects reaching into another feature's internals or its folder", () => {
      const text = [
        'import {',
        '  findUser,',
        "} from '../users/users.repository.js';",
        "export * from '../users';",
      ].join('\n');
      const violations = check(file, text);
      expect(violations.map((v) => v.line)).toEqual([3, 4]);
      expect(violations[0]?.message).toContain('apps/server/src/features/users/index.js');
    });
  });

  describe('cross-feature imports on the web', () => {
    const file = 'apps/web/src/features/devices/DeviceList.tsx';

    it('allows index with or without extension, or the folder itself', () => {
      const text = [
        "import { a } from '../users/index';",
        "import { b } from '../users/index.ts';",
        "import { c } from '../users/index.tsx';",
        "import { d } from '../users/index.js';",
        "import { e } from '../users';",
      ].join('\n');
      expect(check(file, text)).toEqual([]);
    });

    it('rejects other files of another feature', () => {
      expect(check(file, "import { UserCard } from '../users/UserCard.tsx';\n")).toHaveLength(1);
    });
  });

  describe('web', () => {
    const file = 'apps/web/src/api/client.ts';

    it('allows contracts', () => {
      expect(check(file, "import type { LoginRequest } from '@iot/contracts/auth';\n")).toEqual([]);
    });

    it('rejects the server package and relative paths into apps/server', () => {
      const text = [
        "import type { App } from '@iot/server';",
        "import { config } from '../../../server/src/platform/config.js';",
      ].join('\n');
      expect(check(file, text).map((v) => v.line)).toEqual([1, 2]);
    });
  });

  it('ignores commented-out imports', () => {
    const text = "// import { x } from 'kysely';\n/** e.g. import('kysely') */\n";
    expect(check('packages/contracts/src/index.ts', text)).toEqual([]);
  });
});

describe('contract tests', () => {
  it('may import the test runner, and nothing else outside zod', () => {
    const ok = findViolations([
      { path: 'packages/contracts/src/a/a.test.ts', text: "import { it } from 'vitest';" },
    ]);
    expect(ok).toEqual([]);
    const bad = findViolations([
      { path: 'packages/contracts/src/a/a.ts', text: "import { it } from 'vitest';" },
    ]);
    expect(bad).toHaveLength(1);
  });
});
