import * as migration_20261122_111201_initial from './20261122_111201_initial'

export const migrations = [
  {
    up: migration_20261122_111201_initial.up,
    down: migration_20261122_111201_initial.down,
    name: '20261122_111201_initial',
  },
]
