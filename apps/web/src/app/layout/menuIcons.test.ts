import { MENU_CATALOGUE } from '@iot/contracts/menus';
import { expect, it } from 'vitest';
import { knownMenuIcon } from './menuIcons';

it('draws the icon every catalogue entry names', () => {
  for (const menu of MENU_CATALOGUE)
    expect(knownMenuIcon(menu.icon), `${menu.code}: ${menu.icon}`).toBe(true);
});
