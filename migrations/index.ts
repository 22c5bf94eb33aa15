import * as migration_20261122_111201_initial from './20261122_111201_initial';
import * as migration_20261122_120239_accounts from './20261122_120239_accounts';

export const migrations = [
  {
    up: migration_20261122_111201_initial.up,
    down: migration_20261122_111201_initial.down,
    name: '20261122_111201_initial',
  },
  {
    up: migration_20261122_120239_accounts.up,
    down: migration_20261122_120239_accounts.down,
    name: '20261122_120239_accounts',
  },
];
