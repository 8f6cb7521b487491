import { formatTicketNo, maskIdNumber, SeatingMode } from '@skill-cert/shared/level-evaluations';
import { describe, expect, it } from 'vitest';
import { adjacentPairs, arrangeRoom, leastPairs, type Seatable, seatPeople, unitKey } from './seating.ts';

/** `n` people of each unit, in registration order unit after unit. */
function people(units: Record<string, number>): Seatable[] {
  return Object.entries(units).flatMap(([unit, n]) =>
    Array.from({ length: n }, (_, i) => ({ id: `${unit}-${i}`, workUnit: unit === '-' ? null : unit })),
  );
}

/** A repeatable random source, so a failing case can be replayed. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const SEEDS = Array.from({ length: 25 }, (_, i) => i + 1);

describe('"next to": consecutive seat numbers in one room', () => {
  it('counts a pair for seats k and k+1 of one work unit, none for k and k+2', () => {
    const row = (...units: string[]) => units.map((u, i) => ({ id: String(i), workUnit: u }));
    expect(adjacentPairs(row('A', 'A', 'B'))).toBe(1);
    expect(adjacentPairs(row('A', 'B', 'A'))).toBe(0);
    expect(adjacentPairs(row('A', 'A', 'A'))).toBe(2);
  });

  it('compares work units trimmed and case-insensitively; people without one are a unit each', () => {
    expect(unitKey({ id: '1', workUnit: ' ABC公司 ' })).toBe(unitKey({ id: '2', workUnit: 'abc公司' }));
    expect(unitKey({ id: '1', workUnit: null })).not.toBe(unitKey({ id: '2', workUnit: '' }));
    expect(
      adjacentPairs([
        { id: '1', workUnit: null },
        { id: '2', workUnit: '  ' },
      ]),
    ).toBe(0);
  });
});

describe('seating by work unit (mode 2)', () => {
  it('no two of one unit sit next to each other while no unit holds more than half the room', () => {
    for (const seed of SEEDS) {
      // 10 seats: units of 5, 3, 2 (the largest exactly half).
      const room = arrangeRoom(people({ A: 5, B: 3, C: 2 }), seeded(seed));
      expect([seed, adjacentPairs(room)]).toEqual([seed, 0]);
      expect(room).toHaveLength(10);
    }
  });

  it('a unit larger than half a room leaves the fewest pairs possible: n − (s − n) − 1', () => {
    for (const seed of SEEDS) {
      const group = people({ A: 7, B: 2, C: 1 });
      expect(leastPairs(group)).toBe(7 - 3 - 1);
      const room = arrangeRoom(group, seeded(seed));
      expect([seed, adjacentPairs(room)]).toEqual([seed, 3]);
    }
    // One unit alone fills the room: every neighbour is a colleague.
    expect(adjacentPairs(arrangeRoom(people({ A: 4 }), seeded(1)))).toBe(3);
  });

  it('one seat left: a room filled to its last seat keeps the rule', () => {
    for (const seed of SEEDS) {
      const group = people({ A: 3, B: 3, C: 3 });
      const [room, next] = seatPeople(
        group,
        [
          { id: 'r1', seats: 9 },
          { id: 'r2', seats: 1 },
        ],
        SeatingMode.SCRAMBLE,
        seeded(seed),
      );
      expect(room.length + next.length).toBe(9);
      expect(adjacentPairs(room)).toBe(0);
    }
    // Exactly one seat more than people: still everyone seated once.
    const [only] = seatPeople(
      people({ A: 2, B: 2 }),
      [{ id: 'r1', seats: 5 }],
      SeatingMode.SCRAMBLE,
      seeded(3),
    );
    expect(new Set(only.map((p) => p.id)).size).toBe(4);
    expect(adjacentPairs(only)).toBe(0);
  });

  it('deals a large unit over the rooms so no room holds more of it than it must', () => {
    for (const seed of SEEDS) {
      // 12 of unit A among 24 in two rooms of 12: 6 a room, none next to each other.
      const rooms = seatPeople(
        people({ A: 12, B: 6, C: 6 }),
        [
          { id: 'r1', seats: 12 },
          { id: 'r2', seats: 12 },
        ],
        SeatingMode.SCRAMBLE,
        seeded(seed),
      );
      expect(rooms.map((r) => r.filter((p) => p.workUnit === 'A').length)).toEqual([6, 6]);
      expect([seed, rooms.map(adjacentPairs)]).toEqual([seed, [0, 0]]);
    }
  });

  it('everyone is seated once, never beyond a room’s seats', () => {
    for (const seed of SEEDS) {
      const group = people({ A: 9, B: 7, C: 5, '-': 6 });
      const rooms = [
        { id: 'r1', seats: 10 },
        { id: 'r2', seats: 8 },
        { id: 'r3', seats: 10 },
      ];
      const seated = seatPeople(group, rooms, SeatingMode.SCRAMBLE, seeded(seed));
      expect(seated.every((r, i) => r.length <= rooms[i].seats)).toBe(true);
      expect(new Set(seated.flat().map((p) => p.id)).size).toBe(group.length);
    }
  });
});

describe('seating in order (mode 1)', () => {
  it('keeps registration order and fills the rooms one after another', () => {
    const group = people({ A: 3, B: 3 });
    const seated = seatPeople(
      group,
      [
        { id: 'r1', seats: 4 },
        { id: 'r2', seats: 4 },
      ],
      SeatingMode.ORDER,
    );
    expect(seated.map((r) => r.map((p) => p.id))).toEqual([
      ['A-0', 'A-1', 'A-2', 'B-0'],
      ['B-1', 'B-2'],
    ]);
  });

  it('refuses more people than seats', () => {
    expect(() => seatPeople(people({ A: 3 }), [{ id: 'r1', seats: 2 }], SeatingMode.ORDER)).toThrow(
      RangeError,
    );
  });
});

describe('the admission-ticket number and the masked ID number', () => {
  it('is YY + institution code + plan serial + session + room + seat, 18 digits', () => {
    expect(
      formatTicketNo({ year: 2026, institutionCode: '0001', planSerial: 1, session: 1, room: 3, seat: 17 }),
    ).toBe('260001000101003017');
  });

  it('shows the first 4 and last 4 characters of an ID number', () => {
    expect(maskIdNumber('33010619900101123X')).toBe('3301**********123X');
  });
});
