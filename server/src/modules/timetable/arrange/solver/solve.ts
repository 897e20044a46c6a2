/**
 * The timetable solver: greedy placement, most constrained first, then a conflict-directed repair search.
 *
 * Activities that must start together (sameStartingTime) are merged into one "unit" that is always placed
 * and moved as a whole. The repair step takes an unplaced unit, prices every start of its domain by the
 * placed units it would have to push out (each unit's price grows each time it was hard to place, and units
 * placed a moment ago are expensive so the search does not undo itself), places it at the cheapest start
 * and sends the pushed-out units back to the queue. The placed part therefore never breaks a hard
 * constraint. When the search has gone long without placing more than its best, it goes back to the best
 * (most placed) state with its prices halved, or (every other time) forgets the prices; when time runs out
 * the best state is returned with the reasons for the rest.
 *
 * Occupancy is one Int32Array per resource and slot, so every check is a few array reads.
 */
import type { Placement, Problem, Solution, SolveOptions, Unplaced } from './types.ts';

const FREE = -1;
const UNAVAILABLE = -2;
const INFEASIBLE = Number.POSITIVE_INFINITY;

/** A small seeded PRNG (mulberry32): runs are reproducible for a given seed. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Group {
  members: number[];
  minDays: number;
  hardMinDays: boolean;
  weight: number;
  consecutive: boolean;
  maxPerDay: number;
}

export function solve(problem: Problem, options: SolveOptions): Solution {
  const began = performance.now();
  const deadline = began + Math.max(0, options.timeLimitMs);
  const random = prng(options.seed ?? 1);
  const { days: D, hours: H } = problem;
  const S = D * H;
  const n = problem.activities.length;
  const R = problem.resources.length;
  const acts = problem.activities;

  // ---- Static model -------------------------------------------------------------------------------------
  const duration = acts.map((a) => Math.max(1, a.duration | 0));
  const fixedRes = acts.map((a) => [...new Set(a.resources)]);
  const roomChoices = acts.map((a) => (a.fixedRoom !== undefined ? [a.fixedRoom] : a.roomChoices ? [...new Set(a.roomChoices)] : null));
  const maxHours = problem.resources.map((r) => r.maxHoursDaily ?? H);
  const maxDays = problem.resources.map((r) => r.maxDaysPerWeek ?? D);
  const blocked = new Uint8Array(S);
  for (const s of problem.blockedSlots ?? []) if (s >= 0 && s < S) blocked[s] = 1;

  const occ = new Int32Array(R * S).fill(FREE);
  for (let r = 0; r < R; r += 1) for (const s of problem.resources[r].unavailable ?? []) if (s >= 0 && s < S) occ[r * S + s] = UNAVAILABLE;

  /** Starts allowed for one activity on an empty grid (ignoring rooms, which are chosen with the time). */
  const staticDomain = acts.map((a, i) => {
    const d = duration[i];
    const allowed = a.fixedStart !== undefined ? [a.fixedStart] : a.allowedStarts ?? null;
    const candidates = allowed ?? Array.from({ length: S }, (_, s) => s);
    const result: number[] = [];
    for (const s of new Set(candidates)) {
      if (s < 0 || s >= S || (s % H) + d > H) continue;
      let ok = true;
      for (let k = 0; k < d && ok; k += 1) {
        if (blocked[s + k]) ok = false;
        for (const r of fixedRes[i]) if (occ[r * S + s + k] === UNAVAILABLE) ok = false;
      }
      for (const r of fixedRes[i]) if (maxHours[r] < d || maxDays[r] < 1) ok = false;
      if (ok) result.push(s);
    }
    return result.sort((x, y) => x - y);
  });

  // Groups.
  const groups: Group[] = (problem.groups ?? []).map((g) => ({
    members: [...new Set(g.activities)].filter((a) => a >= 0 && a < n),
    minDays: g.minDaysBetween ?? 0,
    hardMinDays: (g.minDaysBetween ?? 0) > 0 && (g.weight ?? 100) >= 100,
    weight: g.weight ?? 100,
    consecutive: !!g.consecutiveIfSameDay && (g.minDaysBetween ?? 0) > 0,
    maxPerDay: g.maxPerDay ?? Number.POSITIVE_INFINITY,
  }));
  const groupsOf: number[][] = acts.map(() => []);
  groups.forEach((g, gi) => {
    for (const m of g.members) groupsOf[m].push(gi);
  });

  // Units: union of sameStartingTime groups.
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  for (const g of problem.groups ?? []) {
    if (!g.sameStartingTime) continue;
    const members = g.activities.filter((a) => a >= 0 && a < n);
    for (let k = 1; k < members.length; k += 1) parent[find(members[k])] = find(members[0]);
  }
  const unitIndex = new Map<number, number>();
  const unitMembers: number[][] = [];
  const unitOf = new Int32Array(n);
  for (let i = 0; i < n; i += 1) {
    const root = find(i);
    let u = unitIndex.get(root);
    if (u === undefined) {
      u = unitMembers.length;
      unitIndex.set(root, u);
      unitMembers.push([]);
    }
    unitMembers[u].push(i);
    unitOf[i] = u;
  }
  const U = unitMembers.length;
  const unitFixed = new Uint8Array(U);
  /** Why a unit cannot be placed even on an empty grid, when it cannot. */
  const unitImpossible: (Unplaced['reason'] | null)[] = new Array(U).fill(null);
  const unitDomain: number[][] = unitMembers.map((members, u) => {
    if (members.some((m) => acts[m].fixedStart !== undefined)) unitFixed[u] = 1;
    if (members.some((m) => roomChoices[m]?.length === 0)) {
      unitImpossible[u] = 'noRoom';
      return [];
    }
    // Members of one unit overlap in time: they must not share a resource or be kept apart by a group.
    const seen = new Set<number>();
    for (const m of members) for (const r of fixedRes[m]) {
      if (seen.has(r)) { unitImpossible[u] = 'conflicts'; return []; }
      seen.add(r);
    }
    if (members.length > 1) {
      const groupCount = new Map<number, number>();
      for (const m of members) for (const gi of groupsOf[m]) groupCount.set(gi, (groupCount.get(gi) ?? 0) + 1);
      for (const [gi, count] of groupCount) {
        const g = groups[gi];
        if (count > 1 && (g.hardMinDays || g.consecutive || count > g.maxPerDay)) { unitImpossible[u] = 'group'; return []; }
      }
    }
    let domain = staticDomain[members[0]];
    for (const m of members.slice(1)) {
      const other = new Set(staticDomain[m]);
      domain = domain.filter((s) => other.has(s));
    }
    if (domain.length === 0) unitImpossible[u] = 'noSlot';
    return domain;
  });
  for (const members of unitMembers) for (const m of members) {
    const g = groupsOf[m].map((gi) => groups[gi]);
    if (g.some((x) => x.maxPerDay < 1)) unitImpossible[unitOf[m]] = 'group';
  }

  // Soft wishes.
  const preferredOk: (Uint8Array | null)[] = acts.map((a) => {
    if (!a.preferredStarts) return null;
    const ok = new Uint8Array(S);
    for (const s of a.preferredStarts) if (s >= 0 && s < S) ok[s] = 1;
    return ok;
  });
  const preferredWeight = acts.map((a) => a.preferredStartsWeight ?? 1);
  const hasSoft = new Uint8Array(U);
  for (let u = 0; u < U; u += 1) {
    for (const m of unitMembers[u]) {
      if (preferredOk[m] || groupsOf[m].some((gi) => !groups[gi].hardMinDays && groups[gi].minDays > 0)) hasSoft[u] = 1;
    }
  }

  // ---- Dynamic state ------------------------------------------------------------------------------------
  const start = new Int32Array(n).fill(-1);
  const room = new Int32Array(n).fill(-1);
  const dayLoad = new Int32Array(R * D);
  const busyDays = new Int32Array(R);
  const unitStart = new Int32Array(U).fill(-1);
  const weight = new Float64Array(U).fill(1);
  const lastPlaced = new Float64Array(U).fill(-1e9);
  let iteration = 0;
  let placedActivities = 0;

  const mark = new Int32Array(U);
  let stamp = 0;
  const conflicts: number[] = [];
  const chosenRoom = new Int32Array(n).fill(-1);
  const roomTaken = new Int32Array(R);
  let roomStamp = 0;
  // Tuned on FET's examples: a light tabu (a unit placed in the last few steps costs a little more to push
  // out) beats a strong one, and random moves only slowed the tight ones down.
  const tenure = 10;
  const tabuPrice = 2;

  const priceOf = (v: number) => weight[v] + (iteration - lastPlaced[v] < tenure ? tabuPrice : 0);

  // Hot paths call no closures created per call (tsx names every closure it creates, which is slow).
  let cost = 0;
  let bound = INFEASIBLE;
  /** Marks v as pushed out; false when it cannot be (locked) or the cost went past the caller's bound. */
  const add = (v: number): boolean => {
    if (mark[v] === stamp) return true;
    if (unitFixed[v]) return false;
    mark[v] = stamp;
    conflicts.push(v);
    cost += priceOf(v);
    return cost <= bound;
  };
  const byPrice = (x: number, y: number) => priceOf(x) - priceOf(y);
  const daySeen = new Int32Array(U);
  let daySeenStamp = 0;

  /**
   * The cost of placing unit u at s: the sum of the prices of the placed units that would have to go
   * (left in `conflicts`, rooms in `chosenRoom`), or INFEASIBLE when a locked unit is in the way or, to
   * save work, as soon as the cost exceeds `limit`.
   */
  function evaluate(u: number, s: number, limit = INFEASIBLE): number {
    stamp += 1;
    conflicts.length = 0;
    cost = 0;
    bound = limit;
    const day = Math.floor(s / H);
    const members = unitMembers[u];
    for (const m of members) {
      const d = duration[m];
      for (const r of fixedRes[m]) {
        const base = r * S + s;
        for (let k = 0; k < d; k += 1) {
          const o = occ[base + k];
          if (o >= 0 && !add(unitOf[o])) return INFEASIBLE;
          if (o === UNAVAILABLE) return INFEASIBLE;
        }
      }
    }
    // Hard group constraints.
    for (const m of members) {
      const d = duration[m];
      for (const gi of groupsOf[m]) {
        const g = groups[gi];
        if (g.hardMinDays || g.consecutive) {
          for (const b of g.members) {
            const sb = start[b];
            if (b === m || sb < 0 || mark[unitOf[b]] === stamp || unitOf[b] === u) continue;
            const dayB = Math.floor(sb / H);
            if (g.hardMinDays && Math.abs(dayB - day) < g.minDays) {
              if (!add(unitOf[b])) return INFEASIBLE;
            } else if (g.consecutive && dayB === day && sb + duration[b] !== s && s + d !== sb) {
              if (!add(unitOf[b])) return INFEASIBLE;
            }
          }
        }
        if (g.maxPerDay < Number.POSITIVE_INFINITY) {
          let mine = 0;
          for (const x of members) if (groupsOf[x].includes(gi)) mine += 1;
          const others: number[] = [];
          for (const b of g.members) {
            const sb = start[b];
            if (sb >= 0 && unitOf[b] !== u && mark[unitOf[b]] !== stamp && Math.floor(sb / H) === day) others.push(unitOf[b]);
          }
          let excess = others.length + mine - g.maxPerDay;
          if (excess > 0) {
            others.sort(byPrice);
            for (const v of others) {
              if (excess <= 0) break;
              if (mark[v] === stamp) { excess -= 1; continue; }
              if (!add(v)) return INFEASIBLE;
              excess -= 1;
            }
            if (excess > 0) return INFEASIBLE;
          }
        }
      }
    }
    // Daily hours and days per week of each resource.
    for (const m of members) {
      const d = duration[m];
      for (const r of fixedRes[m]) {
        if (maxHours[r] >= H && maxDays[r] >= D) continue;
        const base = r * S + day * H;
        let load = 0;
        for (let h = 0; h < H; h += 1) {
          const o = occ[base + h];
          if (o >= 0 && mark[unitOf[o]] !== stamp) load += 1;
        }
        if (load + d > maxHours[r]) {
          const candidates: number[] = [];
          for (let h = 0; h < H; h += 1) {
            const o = occ[base + h];
            if (o >= 0 && mark[unitOf[o]] !== stamp && !candidates.includes(unitOf[o])) candidates.push(unitOf[o]);
          }
          candidates.sort(byPrice);
          for (const v of candidates) {
            if (load + d <= maxHours[r]) break;
            for (let h = 0; h < H; h += 1) {
              const o = occ[base + h];
              if (o >= 0 && unitOf[o] === v) load -= 1;
            }
            if (!add(v)) return INFEASIBLE;
          }
          if (load + d > maxHours[r]) return INFEASIBLE;
        }
        if (load === 0 && maxDays[r] < D && busyDays[r] >= maxDays[r]) {
          // A new working day for r: another of its days has to be emptied.
          let bestDay = -1;
          let bestCost = INFEASIBLE;
          for (let e = 0; e < D; e += 1) {
            if (e === day || dayLoad[r * D + e] === 0) continue;
            let c = 0;
            daySeenStamp += 1;
            for (let h = 0; h < H; h += 1) {
              const o = occ[r * S + e * H + h];
              if (o < 0 || mark[unitOf[o]] === stamp || daySeen[unitOf[o]] === daySeenStamp) continue;
              daySeen[unitOf[o]] = daySeenStamp;
              c += unitFixed[unitOf[o]] ? INFEASIBLE : priceOf(unitOf[o]);
            }
            if (c < bestCost) { bestCost = c; bestDay = e; }
          }
          if (bestDay < 0) return INFEASIBLE;
          for (let h = 0; h < H; h += 1) {
            const o = occ[r * S + bestDay * H + h];
            if (o >= 0 && !add(unitOf[o])) return INFEASIBLE;
          }
        }
      }
    }
    // Rooms, chosen last: the cheapest room among the choices (free ones cost nothing).
    roomStamp += 1;
    for (const m of members) {
      const choices = roomChoices[m];
      if (!choices) continue;
      const d = duration[m];
      let best = -1;
      let bestCost = INFEASIBLE;
      const offset = choices.length > 1 ? Math.floor(random() * choices.length) : 0;
      for (let k = 0; k < choices.length; k += 1) {
        const q = choices[(k + offset) % choices.length];
        if (roomTaken[q] === roomStamp) continue;
        let c = 0;
        const base = q * S + s;
        for (let t = 0; t < d && c < INFEASIBLE; t += 1) {
          const o = occ[base + t];
          if (o === UNAVAILABLE) c = INFEASIBLE;
          else if (o >= 0 && mark[unitOf[o]] !== stamp) c += unitFixed[unitOf[o]] ? INFEASIBLE : priceOf(unitOf[o]);
        }
        if (c < bestCost) {
          bestCost = c;
          best = q;
          if (c === 0) break;
        }
      }
      if (best < 0) return INFEASIBLE;
      roomTaken[best] = roomStamp;
      chosenRoom[m] = best;
      for (let t = 0; t < d; t += 1) {
        const o = occ[best * S + s + t];
        if (o >= 0 && !add(unitOf[o])) return INFEASIBLE;
      }
    }
    return cost;
  }

  /** Soft cost the unit's members would add at start s (against the other placed activities). */
  function softAt(u: number, s: number): number {
    let cost = 0;
    const day = Math.floor(s / H);
    for (const m of unitMembers[u]) {
      const ok = preferredOk[m];
      if (ok && !ok[s]) cost += preferredWeight[m];
      for (const gi of groupsOf[m]) {
        const g = groups[gi];
        if (g.hardMinDays || g.minDays <= 0) continue;
        for (const b of g.members) {
          if (unitOf[b] === u) {
            if (b > m) cost += g.minDays > 0 ? g.weight : 0;
            continue;
          }
          const sb = start[b];
          if (sb >= 0 && Math.abs(Math.floor(sb / H) - day) < g.minDays) cost += g.weight;
        }
      }
    }
    return cost;
  }

  function occupy(a: number, s: number, q: number, value: number): void {
    const d = duration[a];
    const day = Math.floor(s / H);
    for (const r of fixedRes[a]) {
      const base = r * S + s;
      for (let k = 0; k < d; k += 1) occ[base + k] = value;
      const before = dayLoad[r * D + day];
      const after = before + (value >= 0 ? d : -d);
      dayLoad[r * D + day] = after;
      if (before === 0 && after > 0) busyDays[r] += 1;
      else if (before > 0 && after === 0) busyDays[r] -= 1;
    }
    if (q >= 0) for (let k = 0; k < d; k += 1) occ[q * S + s + k] = value;
  }

  function place(u: number, s: number): void {
    for (const m of unitMembers[u]) {
      const q = roomChoices[m] ? chosenRoom[m] : -1;
      occupy(m, s, q, m);
      start[m] = s;
      room[m] = q;
      placedActivities += 1;
    }
    unitStart[u] = s;
    lastPlaced[u] = iteration;
  }

  function remove(u: number): void {
    for (const m of unitMembers[u]) {
      occupy(m, start[m], room[m], FREE);
      start[m] = -1;
      room[m] = -1;
      placedActivities -= 1;
    }
    unitStart[u] = -1;
  }

  // The queue of unplaced units, with O(1) removal.
  const queue: number[] = [];
  const queuePos = new Int32Array(U).fill(-1);
  const enqueue = (u: number) => {
    if (queuePos[u] >= 0) return;
    queuePos[u] = queue.length;
    queue.push(u);
  };
  const dequeue = (u: number) => {
    const p = queuePos[u];
    if (p < 0) return;
    const last = queue.pop() as number;
    if (last !== u) { queue[p] = last; queuePos[last] = p; }
    queuePos[u] = -1;
  };

  /** Chooses the best start for u (cheapest eviction, then soft cost); -1 when none is feasible. */
  function bestStart(u: number): { start: number; cost: number } {
    const domain = unitDomain[u];
    let best = -1;
    let bestScore = INFEASIBLE;
    let bestCost = INFEASIBLE;
    for (const s of domain) {
      // A start whose evictions alone cost more than the best score so far cannot win: stop pricing it early.
      const cost = evaluate(u, s, bestScore / 100);
      if (cost === INFEASIBLE) continue;
      const score = cost * 100 + (hasSoft[u] ? softAt(u, s) : 0) + random();
      if (score < bestScore) { bestScore = score; best = s; bestCost = cost; }
    }
    return { start: best, cost: bestCost };
  }

  function placeWithEvictions(u: number, s: number): void {
    const cost = evaluate(u, s);
    if (cost === INFEASIBLE) return;
    const evicted = conflicts.slice();
    for (const v of evicted) { remove(v); enqueue(v); }
    dequeue(u);
    place(u, s);
  }

  // ---- Greedy construction ------------------------------------------------------------------------------
  const resourceLoad = new Float64Array(R);
  for (let a = 0; a < n; a += 1) for (const r of fixedRes[a]) resourceLoad[r] += duration[a];
  const difficulty = unitMembers.map((members, u) => {
    let load = 0;
    for (const m of members) for (const r of fixedRes[m]) load += resourceLoad[r] * duration[m];
    for (const m of members) load += groupsOf[m].length * 4;
    return unitFixed[u] ? -1e12 : unitDomain[u].length * 1e3 - load;
  });
  const order = Array.from({ length: U }, (_, u) => u).sort((x, y) => difficulty[x] - difficulty[y]);

  let lastProgress = performance.now();
  const progress = (force: boolean) => {
    if (!options.onProgress) return;
    const now = performance.now();
    if (force || now - lastProgress >= 200) {
      lastProgress = now;
      options.onProgress(placedActivities, n);
    }
  };

  const stuck = new Uint8Array(U);
  for (const u of order) {
    if (unitImpossible[u]) continue;
    // Locked units are placed first; one that collides with another locked one simply stays out.
    const { start: s, cost } = bestStart(u);
    if (s >= 0 && cost === 0) {
      evaluate(u, s); // sets the rooms for this start (bestStart left those of the last start it tried)
      place(u, s);
    }
    else if (s < 0 && unitFixed[u]) stuck[u] = 1;
    else enqueue(u);
  }
  progress(true);

  // ---- Repair ---------------------------------------------------------------------------------------------
  let bestPlaced = placedActivities;
  let bestStarts = start.slice();
  let bestRooms = room.slice();
  let sinceBest = 0;
  let stalls = 0;
  // After this many steps without progress the search goes back to the best state. Tuned on GYR.fet: this
  // beats both wandering on and forgetting the prices, and a shorter leash keeps it too close to the best.
  const stagnationLimit = 2000 + 20 * U;
  /** Steps without a better state after which the search starts again from scratch (restart()). */
  const plateauLimit = 8 * stagnationLimit;
  let sinceImproved = 0;
  let timeUp = false;
  /** The best state of all restarts. */
  let globalPlaced = -1;
  let globalStarts = bestStarts;
  let globalRooms = bestRooms;

  while (queue.length > 0) {
    iteration += 1;
    if ((iteration & 63) === 0) {
      const now = performance.now();
      if (now >= deadline) { timeUp = true; break; }
      progress(false);
    }
    const u = queue[Math.floor(random() * queue.length)];
    if (stuck[u]) {
      // Every queued unit is known to be unplaceable without breaking a locked lesson: nothing left to do.
      if (queue.every((v) => stuck[v])) break;
      continue;
    }
    const { start: s } = bestStart(u);
    if (s < 0) {
      stuck[u] = 1;
      dequeue(u);
      continue;
    }
    weight[u] += 1;
    placeWithEvictions(u, s);

    // The best state so far; ties too, so going back lands on the latest of equally good states and the
    // search drifts along a plateau instead of restarting from the same place.
    if (placedActivities >= bestPlaced) {
      if (placedActivities > bestPlaced) sinceBest = sinceImproved = 0;
      else sinceBest += 1;
      bestPlaced = placedActivities;
      bestStarts = start.slice();
      bestRooms = room.slice();
    } else if (++sinceBest > stagnationLimit) {
      // Long without progress: every other time back to the best state with the learned prices halved (not
      // forgotten), else forget the prices and go on from here (going back every time can trap the search on
      // a best state it cannot leave, as on KalengaPSY15T1a.fet with some seeds).
      sinceBest = 0;
      stalls += 1;
      if (stalls % 2 === 1) {
        restoreBest();
        for (let v = 0; v < U; v += 1) weight[v] = 1 + (weight[v] - 1) * 0.5;
      } else weight.fill(1);
    }
    // Drifting on the best plateau is how large files finish (GYR.fet), but a drift can go on for ever, one
    // unit in and another out: after many times the stall's steps without a better state, a fresh start.
    if (++sinceImproved > plateauLimit) {
      sinceImproved = 0;
      sinceBest = 0;
      restart();
    }
  }

  /**
   * Starts again from an empty grid (locked units stay), built greedily in a shuffled order of difficulty and
   * with the prices forgotten, keeping the best state found so far aside. Some seeds' searches settle where one
   * tightly held teacher's last hour can never fit (St-Marys.fet: a teacher free 7 periods a week) while other
   * starts place everything in a tenth of a second.
   */
  function restart(): void {
    keepGlobalBest();
    for (let u = 0; u < U; u += 1) if (unitStart[u] >= 0 && !unitFixed[u]) remove(u);
    queue.length = 0;
    queuePos.fill(-1);
    weight.fill(1);
    const noisy = order.map((u) => ({ u, key: difficulty[u] < 0 ? difficulty[u] : difficulty[u] * (0.7 + 0.6 * random()) }));
    noisy.sort((x, y) => x.key - y.key);
    for (const { u } of noisy) {
      if (unitImpossible[u] || stuck[u] || unitStart[u] >= 0) continue;
      const { start: s, cost } = bestStart(u);
      if (s >= 0 && cost === 0) {
        evaluate(u, s);
        place(u, s);
      } else enqueue(u);
    }
    bestPlaced = placedActivities;
    bestStarts = start.slice();
    bestRooms = room.slice();
  }

  /** Keeps the best state aside before a restart leaves it. */
  function keepGlobalBest(): void {
    if (bestPlaced > globalPlaced) {
      globalPlaced = bestPlaced;
      globalStarts = bestStarts;
      globalRooms = bestRooms;
    }
  }

  /** Puts back the best state (`bestStarts`, `bestRooms`), its unplaced units queued again. */
  function restoreBest(): void {
    for (let u = 0; u < U; u += 1) if (unitStart[u] >= 0) remove(u);
    queue.length = 0;
    queuePos.fill(-1);
    for (let u = 0; u < U; u += 1) {
      const first = unitMembers[u][0];
      if (bestStarts[first] >= 0) {
        for (const m of unitMembers[u]) chosenRoom[m] = bestRooms[m];
        place(u, bestStarts[first]);
      } else if (!unitImpossible[u] && !stuck[u]) enqueue(u);
    }
  }
  // Back to the best state if the search ended worse off (the best of every restart).
  keepGlobalBest();
  if (placedActivities < globalPlaced) {
    bestStarts = globalStarts;
    bestRooms = globalRooms;
    restoreBest();
  }

  // ---- Soft polish: move units to conflict-free starts that cost less -------------------------------------
  const polishEnd = Math.min(deadline, performance.now() + (options.polishMs ?? 1000));
  if (!timeUp) {
    let improved = true;
    while (improved && performance.now() < polishEnd) {
      improved = false;
      for (let u = 0; u < U && performance.now() < polishEnd; u += 1) {
        if (!hasSoft[u] || unitStart[u] < 0 || unitFixed[u]) continue;
        const current = unitStart[u];
        const keepRooms = unitMembers[u].map((m) => room[m]);
        remove(u);
        const here = softAt(u, current);
        let best = -1;
        let bestSoft = here;
        for (const s of unitDomain[u]) {
          if (s === current) continue;
          const soft = softAt(u, s);
          if (soft >= bestSoft - 1e-9) continue;
          if (evaluate(u, s, 0) !== 0) continue;
          best = s;
          bestSoft = soft;
        }
        if (best >= 0) {
          evaluate(u, best);
          place(u, best);
          improved = true;
        } else {
          unitMembers[u].forEach((m, k) => (chosenRoom[m] = keepRooms[k]));
          place(u, current);
        }
      }
    }
  }

  // ---- Answer -----------------------------------------------------------------------------------------
  const placements: Placement[] = [];
  for (let a = 0; a < n; a += 1) {
    if (start[a] < 0) continue;
    const p: Placement = { activity: a, start: start[a] };
    if (room[a] >= 0) p.room = room[a];
    placements.push(p);
  }
  const unplaced: Unplaced[] = [];
  for (let u = 0; u < U; u += 1) {
    if (unitStart[u] >= 0) continue;
    for (const m of unitMembers[u]) unplaced.push(explain(u, m));
  }
  let softCost = 0;
  for (let u = 0; u < U; u += 1) {
    if (unitStart[u] < 0) continue;
    softCost += softOf(u);
  }
  progress(true);
  return { placements, unplaced, softCost, hardViolations: 0, elapsedMs: performance.now() - began };

  function softOf(u: number): number {
    let cost = 0;
    const s = unitStart[u];
    const day = Math.floor(s / H);
    for (const m of unitMembers[u]) {
      const ok = preferredOk[m];
      if (ok && !ok[s]) cost += preferredWeight[m];
      for (const gi of groupsOf[m]) {
        const g = groups[gi];
        if (g.hardMinDays || g.minDays <= 0) continue;
        for (const b of g.members) {
          if (b <= m || start[b] < 0) continue;
          if (Math.abs(Math.floor(start[b] / H) - day) < g.minDays) cost += g.weight;
        }
      }
    }
    return cost;
  }

  /** Why activity m (of unplaced unit u) is out: what stands in the way over its possible starts. */
  function explain(u: number, m: number): Unplaced {
    const impossible = unitImpossible[u];
    if (impossible === 'noRoom') return { activity: m, reason: 'noRoom', blockers: [] };
    if (impossible) {
      // Which resources' unavailability (or which groups) leave no start.
      const tally = new Map<number, number>();
      if (impossible === 'group') {
        for (const gi of groupsOf[m]) tally.set(gi, 1);
        return { activity: m, reason: 'group', blockers: [...tally.keys()] };
      }
      for (let s = 0; s < S; s += 1) {
        if ((s % H) + duration[m] > H) continue;
        for (const r of fixedRes[m]) {
          for (let k = 0; k < duration[m]; k += 1) {
            if (occ[r * S + s + k] === UNAVAILABLE) { tally.set(r, (tally.get(r) ?? 0) + 1); break; }
          }
        }
      }
      return { activity: m, reason: impossible === 'conflicts' ? 'conflicts' : 'noSlot', blockers: top(tally) };
    }
    const byResource = new Map<number, number>();
    const byGroup = new Map<number, number>();
    let roomBlocked = 0;
    const byRoom = new Map<number, number>();
    const day = (s: number) => Math.floor(s / H);
    for (const s of unitDomain[u]) {
      for (const r of fixedRes[m]) {
        for (let k = 0; k < duration[m]; k += 1) {
          if (occ[r * S + s + k] >= 0) { byResource.set(r, (byResource.get(r) ?? 0) + 1); break; }
        }
      }
      for (const gi of groupsOf[m]) {
        const g = groups[gi];
        const sameDay = g.members.filter((b) => b !== m && start[b] >= 0 && day(start[b]) === day(s)).length;
        const near = g.members.some((b) => b !== m && start[b] >= 0 && g.hardMinDays && Math.abs(day(start[b]) - day(s)) < g.minDays);
        if (near || sameDay + 1 > g.maxPerDay) byGroup.set(gi, (byGroup.get(gi) ?? 0) + 1);
      }
      const choices = roomChoices[m];
      if (choices) {
        let free = false;
        for (const q of choices) {
          let ok = true;
          for (let k = 0; k < duration[m] && ok; k += 1) if (occ[q * S + s + k] !== FREE) ok = false;
          if (ok) { free = true; break; }
          byRoom.set(q, (byRoom.get(q) ?? 0) + 1);
        }
        if (!free) roomBlocked += 1;
      }
    }
    const resourceHits = [...byResource.values()].reduce((x, y) => Math.max(x, y), 0);
    const groupHits = [...byGroup.values()].reduce((x, y) => Math.max(x, y), 0);
    if (roomBlocked > resourceHits && roomBlocked >= groupHits) return { activity: m, reason: 'noRoom', blockers: top(byRoom) };
    if (groupHits > resourceHits) return { activity: m, reason: 'group', blockers: top(byGroup) };
    return { activity: m, reason: 'conflicts', blockers: top(byResource) };
  }
}

function top(tally: Map<number, number>, count = 3): number[] {
  return [...tally].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, count).map(([k]) => k);
}
