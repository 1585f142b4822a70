// Pictures of the table, one per game: each draws a state (an open game's) or a view (what one
// seat, or a spectator, may see -- the same shape with hidden parts left out) into a container.
// They read names from the content pack the game is played with; they know nothing of the rules.
"use strict";

window.ArbiterPictures = (() => {
  const SVG = "http://www.w3.org/2000/svg";

  function h(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "className") node.className = value;
      else node.setAttribute(name, String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function s(tag, attributes = {}, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** id -> name of a list of content entries (``[{id, name}]``). */
  function names(list) {
    return new Map((list || []).map((entry) => [entry.id, entry.name || entry.id]));
  }

  /** ``[id, item]`` pairs of a part of a state (a list, by the content's order of ``ids``) or
   * of a view (an object keyed by id). */
  function listed(value, ids) {
    if (Array.isArray(value)) return value.map((item, index) => [ids[index] ?? index, item]);
    return Object.entries(value || {});
  }

  /** A readable name for an id the content does not name (``A23-armoury`` -> ``armoury``). */
  function humane(id) {
    return String(id).replace(/^[A-Z]+\d*-(\d+-)?/, "").replaceAll("-", " ").replaceAll("_", " ");
  }

  /** A card's price in coins and knowledge (``3 coins``, ``2 coins, 1 knowledge``, ``free``). */
  function price(coins, knowledge) {
    const parts = [];
    if (coins) parts.push(`${coins} coin${coins === 1 ? "" : "s"}`);
    if (knowledge) parts.push(`${knowledge} knowledge`);
    return parts.length ? parts.join(", ") : "free";
  }

  function panel(title, ...children) {
    return h("section", { className: "panel" }, h("h4", {}, title), ...children);
  }

  function card(name, detail, extra = "") {
    return h("div", { className: `card ${extra}`.trim() }, name, detail ? h("small", {}, detail) : null);
  }

  function token(seat, text) {
    return h("span", { className: `token seat-${seat}`, title: `seat ${seat}` }, text ?? seat);
  }

  function kv(pairs) {
    return h("div", { className: "kv" }, pairs.filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => h("span", {}, `${k}: ${v}`)));
  }

  function acting(envelope) {
    return new Set(envelope.to_act.filter((actor) => actor !== "chance"));
  }

  // ---------------------------------------------------------------------------- Scythe

  const TERRAIN = {
    farm: "#f1d36b",
    forest: "#6aa65a",
    mountain: "#a9a9a9",
    tundra: "#bfdcc8",
    village: "#dca46a",
    lake: "#79bde9",
    factory: "#c9625a",
  };
  const FACTION_COLOUR = { blue: "#2e6fbd", red: "#c0392b", yellow: "#d4a017", black: "#333", white: "#f4f4f4" };
  const RESOURCE = { food: "F", wood: "W", metal: "M", oil: "O" };
  const STRUCTURE = { mill: "Mill", armory: "Arm", mine: "Mine", monument: "Mon" };
  // a pointy-top hex's edge toward each neighbour: its two corners' angles, in degrees
  const EDGE = { E: [-30, 30], SE: [30, 90], SW: [90, 150], W: [150, 210], NW: [210, 270], NE: [270, 330] };

  function scythe(container, state, { content, envelope }) {
    const board = content && content.board;
    if (!board) return;
    const factions = new Map((content.factions || []).map((f) => [f.id, f]));
    const size = 30;
    const width = Math.sqrt(3) * size;
    const centre = (row, col) => [width * (col + (row % 2 === 0 ? 0.5 : 0)) + width, size * 1.5 * row + size * 1.3];
    const corner = (x, y, angle) => [x + size * Math.cos((angle * Math.PI) / 180), y + size * Math.sin((angle * Math.PI) / 180)];
    const svg = s("svg", { class: "scythe", viewBox: `0 0 ${width * 9.2} ${size * 1.5 * 9 + size * 1.4}`, role: "img" });
    svg.append(s("title", {}, "The Scythe board: terrains, rivers, tunnels, home bases, units, structures, resources"));
    const spaces = new Map();
    for (const t of board.territories) spaces.set(t.id, { ...t, at: centre(t.row, t.col) });
    for (const b of board.home_bases || []) spaces.set(b.id, { ...b, base: true, at: centre(b.row, b.col) });
    // hexes
    for (const t of board.territories) {
      const [x, y] = spaces.get(t.id).at;
      const points = [0, 60, 120, 180, 240, 300].map((a) => corner(x, y, a - 30).join(",")).join(" ");
      const controlled = state.control && state.control[t.id];
      svg.append(s("polygon", { points, fill: TERRAIN[t.terrain] || "#ddd", stroke: "#6b6350", "stroke-width": 1 }));
      svg.append(s("text", { x: x - size * 0.55, y: y - size * 0.45, class: "id" }, t.id));
      if (t.terrain === "factory") svg.append(s("text", { x: x - 18, y: y - 2, "font-weight": 700 }, "Factory"));
      if (t.tunnel) {
        svg.append(s("rect", { x: x + size * 0.28, y: y - size * 0.72, width: 10, height: 10, rx: 2, fill: "#3b2f22" }));
        svg.append(s("text", { x: x + size * 0.28 + 2.2, y: y - size * 0.72 + 8.5, "font-size": 9, "font-weight": 700, fill: "#fff" }, "T"));
      }
      if (controlled !== undefined && controlled !== null) svg.append(s("circle", { cx: x + size * 0.62, cy: y + size * 0.05, r: 3, fill: "#222" }));
    }
    // rivers: each river edge once
    const drawn = new Set();
    for (const t of board.territories) {
      const [x, y] = spaces.get(t.id).at;
      for (const n of t.neighbours || []) {
        if (!n.river || !EDGE[n.direction]) continue;
        const key = [t.id, n.to].sort().join("|");
        if (drawn.has(key)) continue;
        drawn.add(key);
        const [a, b] = EDGE[n.direction].map((angle) => corner(x, y, angle));
        svg.append(s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#1f6fc2", "stroke-width": 4, "stroke-linecap": "round" }));
      }
    }
    // home bases, each named on the side facing away from the board (where no hex is)
    const middle = [0, 0];
    for (const t of board.territories) {
      const [x, y] = spaces.get(t.id).at;
      middle[0] += x / board.territories.length;
      middle[1] += y / board.territories.length;
    }
    for (const b of board.home_bases || []) {
      const [x, y] = spaces.get(b.id).at;
      const faction = factions.get(b.owner);
      const colour = FACTION_COLOUR[faction && faction.color] || "#999";
      const radius = size * 0.62;
      svg.append(s("circle", { cx: x, cy: y, r: radius, fill: colour, stroke: "#444", "stroke-width": 1, opacity: 0.85 }));
      const title = faction ? faction.name : `${b.owner} (expansion)`;
      const [dx, dy] = [x - middle[0], y - middle[1]];
      const length = Math.hypot(dx, dy) || 1;
      const [ux, uy] = [dx / length, dy / length];
      const sideways = Math.abs(ux) > 0.5;
      const anchor = sideways ? (ux > 0 ? "start" : "end") : "middle";
      const gap = radius + 4;
      const at = sideways ? [x + ux * gap, y + uy * gap + 4] : [x, uy > 0 ? y + gap + 15 : y - gap - 3];
      svg.append(s("text", { x: at[0], y: at[1], "text-anchor": anchor, class: "base", "font-weight": 700, "data-base": b.id }, title));
    }
    // encounter tokens
    for (const id of state.encounter_tokens || []) {
      const space = spaces.get(id);
      if (space) svg.append(s("text", { x: space.at[0] - size * 0.75, y: space.at[1] + 4, "font-size": 14, fill: "#7a3e00" }, "✦"));
    }
    // resources
    for (const [id, pile] of Object.entries(state.resources || {})) {
      const space = spaces.get(id);
      const text = Object.entries(pile).filter(([, n]) => n > 0).map(([kind, n]) => `${n}${RESOURCE[kind] || kind}`).join(" ");
      if (space && text) svg.append(s("text", { x: space.at[0] - size * 0.55, y: space.at[1] + size * 0.72, "font-size": 9, fill: "#222" }, text));
    }
    // units and structures, by seat
    (state.players || []).forEach((p, seat) => {
      const faction = factions.get(p.faction);
      const colour = FACTION_COLOUR[faction && faction.color] || "#777";
      const text = colour === "#f4f4f4" || colour === "#d4a017" ? "#000" : "#fff";
      const offset = (seat - 1) * 7;
      const place = (id, dx, dy) => {
        const space = spaces.get(id);
        return space ? [space.at[0] + dx + offset, space.at[1] + dy] : null;
      };
      for (const built of p.structures || []) {
        const at = place(built.territory, -12, -14);
        if (!at) continue;
        svg.append(s("rect", { x: at[0], y: at[1], width: 24, height: 10, fill: colour, stroke: "#000", "stroke-width": 0.8, "data-piece": `seat${seat}:${built.structure}:${built.territory}` }));
        svg.append(s("text", { x: at[0] + 1, y: at[1] + 8, "font-size": 8, fill: text }, STRUCTURE[built.structure] || built.structure));
      }
      const workers = new Map();
      for (const id of p.workers || []) workers.set(id, (workers.get(id) || 0) + 1);
      for (const [id, count] of workers) {
        const at = place(id, -14, 8);
        if (!at) continue;
        svg.append(s("circle", { cx: at[0], cy: at[1], r: 5.5, fill: colour, stroke: "#000", "stroke-width": 0.8, "data-piece": `seat${seat}:worker:${id}` }));
        svg.append(s("text", { x: at[0] - 3, y: at[1] + 3, "font-size": 8, fill: text }, `${count}`));
      }
      const mechs = new Map();
      for (const id of p.mechs || []) mechs.set(id, (mechs.get(id) || 0) + 1);
      for (const [id, count] of mechs) {
        const at = place(id, 0, 1);
        if (!at) continue;
        svg.append(s("rect", { x: at[0], y: at[1], width: 12, height: 12, fill: colour, stroke: "#000", "stroke-width": 0.8, "data-piece": `seat${seat}:mech:${id}` }));
        svg.append(s("text", { x: at[0] + 2, y: at[1] + 9.5, "font-size": 8, fill: text }, `M${count > 1 ? count : ""}`));
      }
      const at = place(p.character, -4, -4);
      if (at) {
        svg.append(s("circle", { cx: at[0], cy: at[1], r: 8, fill: colour, stroke: "#000", "stroke-width": 1.5, "data-piece": `seat${seat}:character:${p.character}` }));
        svg.append(s("text", { x: at[0] - 3.5, y: at[1] + 3.5, "font-size": 10, "font-weight": 700, fill: text }, "C"));
      }
    });
    container.append(svg);
    fitView(svg, [0, 0, width * 9.2, size * 1.5 * 9 + size * 1.4]);
    container.append(h("p", { className: "hint" }, "C character · M mech (×n) · numbered disc: workers · box: structure · ✦ encounter token · T tunnel · blue edge: river · dot: controlled · resources F food, W wood, M metal, O oil"));
    const now = acting(envelope);
    const players = h("div", { className: "players" });
    (state.players || []).forEach((p, seat) => {
      const faction = factions.get(p.faction);
      const box = h(
        "section",
        { className: `panel player seat-${seat}${now.has(seat) ? " acting" : ""}` },
        h("h4", {}, `seat ${seat}: ${(faction && faction.name) || p.faction} (${p.mat} mat)`),
          kv([
            ["power", p.power],
            ["popularity", p.popularity],
            ["coins", p.coins],
            ["stars", (p.stars || []).length],
            ["combat cards", Array.isArray(p.hand) && p.hand.length ? p.hand.join(", ") : p.combat_cards ?? (p.hand || []).length],
            ["objectives", p.objective_cards ?? (p.objectives || []).length],
            ["mechs", (p.mechs || []).length],
            ["workers", (p.workers || []).length],
            ["recruits", (p.recruits || []).length],
          ["last section", p.last_section],
        ]),
      );
      box.style.setProperty("--seat", FACTION_COLOUR[faction && faction.color] || "#777");
      players.append(box);
    });
    container.append(players);
    const factory = state.factory_cards;
    container.append(panel("Factory", h("p", {}, Array.isArray(factory) ? `Factory cards left: ${factory.length}` : `Factory cards: ${state.factory_cards_count ?? "?"}`)));
  }

  /** Widen an SVG's view box to take in everything drawn (the base names beyond the board), with
   * a margin; ``least`` is the box it keeps at the least (also when the page is not laid out). */
  function fitView(svg, least) {
    let [left, top, right, bottom] = [least[0], least[1], least[0] + least[2], least[1] + least[3]];
    try {
      const box = svg.getBBox();
      if (box.width > 0) {
        left = Math.min(left, box.x - 6);
        top = Math.min(top, box.y - 6);
        right = Math.max(right, box.x + box.width + 6);
        bottom = Math.max(bottom, box.y + box.height + 6);
      }
    } catch {
      // not laid out (a hidden page): the least box
    }
    svg.setAttribute("viewBox", `${left} ${top} ${right - left} ${bottom - top}`);
  }

  // ------------------------------------------------------------------ The Ancient World

  function ancientWorld(container, state, { content, envelope }) {
    const cards = new Map([
      ...names(content && content.empire),
      ...names(content && content.armies),
      ...names(content && content.titans),
      ...names(content && content.provinces),
    ]);
    const name = (id) => cards.get(id) || humane(id);
    const costs = new Map();
    for (const entry of (content && content.empire) || []) costs.set(entry.id, price(entry.cost_coins, entry.cost_knowledge));
    for (const entry of (content && content.armies) || []) {
      const face = Object.entries(entry.face || {}).filter(([, n]) => typeof n === "number" && n > 0).map(([k, n]) => `${n} ${label(k)}`);
      costs.set(entry.id, [price(entry.cost_coins, 0), ...face].join(" · "));
    }
    for (const entry of (content && content.titans) || []) costs.set(entry.id, `defence ${entry.defence}`);
    /** A card of a row, its cost under its name (``data-card`` names it for the tests). */
    const offered = (id, extra) => {
      const shown = card(name(id), [costs.get(id), extra].filter(Boolean).join(" · ") || null);
      shown.dataset.card = id;
      return shown;
    };
    const spaces = h("div", { className: "cards" });
    for (const [space, placed] of Object.entries(state.board || {})) {
      const open = !state.open_spaces || state.open_spaces.includes(space);
      spaces.append(card(label(space), null, open ? "" : "empty"));
      const tokens = (placed || []).map((c) => {
        const citizen = token(c.seat, `skill ${c.skill}`);
        citizen.dataset.piece = `seat${c.seat}:citizen${c.skill}:${space}`;
        return citizen;
      });
      spaces.lastChild.append(h("div", {}, tokens));
    }
    container.append(panel(`Action board — round ${state.round}, ${state.phase}`, spaces));
    container.append(panel("Empire row", h("div", { className: "cards" }, (state.empire_row || []).map((id) => offered(id)))));
    container.append(panel("Army row", h("div", { className: "cards" }, (state.army_row || []).map((id) => offered(id)))));
    const titans = Object.entries(state.titan_tops || {}).map(([deck, id]) => (id ? offered(id, label(deck)) : card("—", label(deck))));
    container.append(panel("Province and titans", h("div", { className: "cards" }, card(state.province_top ? name(state.province_top) : "—", "province"), titans)));
    const now = acting(envelope);
    const players = h("div", { className: "players" });
    (state.players || []).forEach((p, seat) => {
      players.append(
        h(
          "section",
          { className: `panel player seat-${seat}${now.has(seat) ? " acting" : ""}` },
          h("h4", {}, `seat ${seat}${state.first_player === seat ? " (first player)" : ""}${p.passed ? " — passed" : ""}`),
          kv([
            ["coins", p.coins],
            ["knowledge", p.knowledge],
            ["citizens", (p.citizens || []).join(", ")],
            ["ready", (p.ready || []).join(", ") || "-"],
            ["set aside", p.set_aside_count ?? (p.set_aside || []).length],
          ]),
          h("div", { className: "cards" }, (p.empire || []).map((id) => card(name(id), "empire"))),
          h("div", { className: "cards" }, (p.armies || []).map((a) => card(name(a.active), `army · scroll ${a.scroll}`))),
          h("div", { className: "cards" }, [...(p.provinces || []), ...(p.titans || [])].map((id) => card(name(id)))),
          // set-aside cards, where the picture may see them (an open game; a seat's own view): the
          // seat may build them, so with their costs
          Array.isArray(p.set_aside) && p.set_aside.length ? h("div", { className: "cards" }, p.set_aside.map((id) => offered(id, "set aside"))) : null,
        ),
      );
    });
    container.append(players);
  }

  // ------------------------------------------------------------------ Raiders of Scythia

  function raiders(container, state, { content, envelope }) {
    const crew = names(content && content.crew);
    const heroes = names(content && content.heroes);
    const settlements = (content && content.settlements) || [];
    const regions = names(content && content.regions);
    const village = h("div", { className: "cards" });
    for (const [building, worker] of Object.entries(state.village || {})) {
      const place = card(label(building), worker ? `${worker} worker` : "free", worker ? "" : "empty");
      if (worker) place.dataset.piece = `${worker}:${building}`;
      village.append(place);
    }
    const quests = new Map(((content && content.quests) || []).map((q) => [q.id, q]));
    /** A quest tile: the tiles carry no printed name, so it is named by its number, with what it
     * asks and what it scores, as the service's text does (``data-quest`` holds its id). */
    const quest = (id) => {
      const q = quests.get(id);
      const number = String(id).replace(/^quest-0*/, "");
      const asks = !q ? null : q.cost ? Object.entries(q.cost).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${label(k)}`).join(" and ") : `discarding cards of strength ${q.discard_strength}+`;
      const shown = card(`Quest ${number}`, q ? `${q.vp} VP for ${asks}` : null, "quest");
      shown.dataset.quest = id;
      return shown;
    };
    const villageQuests = (state.village_quests || []).filter(Boolean);
    container.append(
      panel(
        `Village — turn ${state.turns ?? ""}`,
        village,
        h("h4", {}, "Village quests"),
        h("div", { className: "cards" }, villageQuests.length ? villageQuests.map(quest) : card("none", null, "empty")),
      ),
    );
    const raid = h("div", { className: "cards" });
    const bySpace = new Map(settlements.flatMap((x) => [[`${x.id}-left`, x], [`${x.id}-right`, x]]));
    listed(state.spaces, [...bySpace.keys()]).forEach(([id, space]) => {
      const settlement = bySpace.get(id);
      const plunder = Object.entries(space.plunder || {}).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}`).join(", ");
      const where = settlement ? `${regions.get(settlement.region) || settlement.region}: ${settlement.name}` : `space ${id}`;
      const shown = card(where, `${space.raided ? "raided" : plunder || "no plunder"}${space.worker ? ` · ${space.worker} worker` : ""}${space.hidden_quest ? " · a face-down quest" : ""}`, space.in_use === false ? "empty" : "");
      if (space.quest) shown.append(quest(space.quest));
      raid.append(shown);
    });
    container.append(panel("Regions (raid spaces)", raid));
    const now = acting(envelope);
    const players = h("div", { className: "players" });
    (state.players || []).forEach((p, seat) => {
      const slots = (p.slots || []).map((slot) =>
        card(slot.crew ? crew.get(slot.crew) || slot.crew : "empty", `${slot.wounds ? `${slot.wounds} wound(s)` : ""}${slot.eagle ? " · eagle" : ""}${slot.horse ? " · horse" : ""}`, slot.crew ? "" : "empty"),
      );
      players.append(
        h(
          "section",
          { className: `panel player seat-${seat}${now.has(seat) ? " acting" : ""}` },
          h("h4", {}, `seat ${seat}: ${p.hero ? heroes.get(p.hero) || p.hero : "no hero yet"}${p.worker ? ` (${p.worker} worker)` : " (worker out)"}`),
          kv([["VP", p.vp], ...Object.entries(p.stock || {}), ["hand", p.hand_size ?? (p.hand || []).length], ["quests", Array.isArray(p.quests) ? p.quests.length : p.quests ?? p.quest_count]]),
          h("div", { className: "cards" }, slots),
          Array.isArray(p.quests) && p.quests.length ? h("div", { className: "cards" }, p.quests.map(quest)) : null,
        ),
      );
    });
    container.append(panel("Crews", players));
  }

  // --------------------------------------------------------------------- ancient wargame

  function wargame(container, state, { content, envelope }) {
    const provinces = (content && content.provinces) || [];
    const seas = (content && content.seas) || [];
    const states = names(content && content.states);
    const seatName = (seat) => (seat === null || seat === undefined ? "free" : `seat ${seat} (${states.get((state.players[seat] || {}).state) || "?"})`);
    const byRegion = new Map();
    const provinceInfo = new Map(provinces.map((p) => [p.id, p]));
    listed(state.provinces, provinces.map((p) => p.id)).forEach(([id, province]) => {
      if (province.in_play === false) return;
      const info = provinceInfo.get(id) || { id, name: `province ${id}`, region: "" };
      const heroes = (state.heroes || []).filter((hero) => hero.province === info.id).map((hero) => hero.name);
      const armies = (province.armies || []).map((army) => {
        const troops = Object.entries(army.troops || {}).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}`).join(", ");
        return h("div", {}, token(army.seat), ` ${troops || "no troops"}`);
      });
      const box = h("div", { className: `card${province.owner === null ? "" : ` seat-${province.owner}`}` }, h("strong", {}, info.name));
      if (province.owner !== null && province.owner !== undefined) box.style.borderLeft = "5px solid var(--seat)";
      box.append(h("small", {}, `${seatName(province.owner)} · ${province.fortresses} fortress(es)${province.sabotaged ? " · sabotaged" : ""}`));
      box.append(...armies);
      if (heroes.length) box.append(h("small", {}, `heroes: ${heroes.join(", ")}`));
      if (!byRegion.has(info.region)) byRegion.set(info.region, []);
      byRegion.get(info.region).push(box);
    });
    const map = h("div", { className: "regions" });
    for (const [region, boxes] of byRegion) map.append(panel(label(region || "provinces"), h("div", { className: "cards" }, boxes)));
    container.append(h("h4", {}, "The map: provinces by region"), map);
    const fleets = [];
    const seaNames = names(seas);
    listed(state.seas, seas.map((sea) => sea.id)).forEach(([id, sea]) => {
      for (const fleet of sea.fleets || []) fleets.push(card(seaNames.get(id) || `sea ${id}`, `${seatName(fleet.seat)}: ${JSON.stringify(fleet.ships ?? fleet)}`));
    });
    container.append(panel("Seas and fleets", fleets.length ? h("div", { className: "cards" }, fleets) : h("p", {}, "no fleet at sea")));
    const now = acting(envelope);
    const players = h("div", { className: "players" });
    (state.players || []).forEach((p, seat) => {
      players.append(
        h(
          "section",
          { className: `panel player seat-${seat}${now.has(seat) ? " acting" : ""}`, "data-piece": `seat${seat}:food${p.food}:money${p.money}:vp${p.vp}` },
          h("h4", {}, `seat ${seat}: ${states.get(p.state) || p.state}${p.eliminated !== null && p.eliminated !== undefined ? " — eliminated" : ""}`),
          kv([["food", p.food], ["money", p.money], ["VP", p.vp], ["buildings", (p.buildings || []).join(", ") || "-"], ["sciences", (p.sciences || []).join(", ") || "-"]]),
        ),
      );
    });
    container.append(panel(`States — turn ${state.turn}, phase ${state.phase}`, players, h("p", {}, `Wars: ${(state.wars || []).map((w) => w.join(" vs ")).join("; ") || "none"}`)));
  }

  function label(text) {
    return String(text).replaceAll("_", " ");
  }

  return {
    scythe,
    "the-ancient-world": ancientWorld,
    "raiders-of-scythia": raiders,
    "ancient-wargame": wargame,
  };
})();
