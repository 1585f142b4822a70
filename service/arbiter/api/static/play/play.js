// The Arbiter playground: a plain client of the public REST API (/v1), written to be read.
//
// Every request goes through api(). An open game's page holds the state's id (and the state
// itself, should the server's cache have dropped it); a sealed game's page holds the master
// handle and one handle per seat, as a game backend would, and shows the table as the master or
// as one seat sees it. Moves are the answer's legal moves, grouped by who decides and what; chance
// is drawn by the server unless the table supplies it by hand. Nothing here knows a game's rules:
// the pictures (pictures.js) only draw what the answers say.
"use strict";

const $ = (selector) => document.querySelector(selector);

/** An element with attributes and children (strings become text: nothing is parsed as HTML). */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "className") node.className = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A refusal of the API: its problem document (RFC 9457). */
class ApiProblem extends Error {
  constructor(problem, status) {
    super(`${problem.code || status}: ${problem.detail || problem.title || "refused"}`);
    this.problem = problem;
    this.status = status;
  }
}

/** One request to the API; the JSON answer, or an ApiProblem. A string body is sent as it is (a
 * file's JSON, for the server to judge), anything else as its JSON. */
async function api(method, path, body) {
  const init = { method, headers: { accept: "application/json" } };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) throw new ApiProblem(data, response.status);
  return data;
}

// ------------------------------------------------------------------------------ the session

const session = {
  games: [], // GET /v1/games
  info: null, // the fact sheet of the game being played
  envelope: null, // the last answer
  sealed: false,
  master: null, // a sealed game's master handle (its current version)
  seatTokens: [], // and its seats' handles
  viewAs: null, // sealed: null = as the master sees it; a number = as that seat sees it
  history: [], // open games: the earlier answers, for undo
  log: [], // the events, oldest first: {step, event}
  bots: new Set(), // seats the server's hints play for
  content: null, // the content pack the game is played with (the pictures read names in it)
  busy: false,
};

const game = () => session.info.id;
const DESCRIBE = { describe: true, render: true };

function showProblem(error) {
  const box = $("#problem");
  if (!error) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.textContent = error instanceof ApiProblem ? error.message : `The page failed: ${error}`;
  if (!(error instanceof ApiProblem)) console.error(error);
}

/** Run an action of the page, one at a time, showing a refusal instead of failing; whether it
 * succeeded. */
async function step(action) {
  if (session.busy) return false;
  session.busy = true;
  document.body.classList.add("busy");
  try {
    showProblem(null);
    await action();
    return true;
  } catch (error) {
    showProblem(error);
    return false;
  } finally {
    session.busy = false;
    document.body.classList.remove("busy");
  }
}

/** An action of the person at the page; then the bots take their turns. */
async function act(action) {
  if (await step(action)) await runBots();
}

// ---------------------------------------------------------------------------- a new game

async function loadGames() {
  session.games = (await api("GET", "/v1/games")).games;
  const select = $("#game");
  for (const info of session.games) select.append(el("option", { value: info.id }, info.title));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && session.games.some((g) => g.id === wanted)) select.value = wanted;
  chooseGame();
}

function chosenInfo() {
  return session.games.find((g) => g.id === $("#game").value);
}

/** The form's option inputs for the chosen game (from its fact sheet's options). */
function chooseGame() {
  const info = chosenInfo();
  const players = $("#players");
  players.min = info.min_players;
  players.max = info.max_players;
  players.value = Math.min(Math.max(Number(players.value) || 2, info.min_players), info.max_players);
  $("#content").placeholder = info.default_content_id;
  const box = $("#options");
  box.replaceChildren(el("legend", {}, "Options"));
  for (const option of info.options) {
    const id = `option-${option.name}`;
    let input;
    if (option.type === "boolean") {
      input = el("input", { type: "checkbox", id, checked: option.default === true });
    } else if (option.type === "integer") {
      input = el("input", { type: "number", id, value: option.default ?? "" });
    } else {
      input = el("input", { id, value: option.default ?? "", size: 10 });
    }
    input.dataset.option = option.name;
    input.dataset.type = option.type;
    box.append(el("label", { title: option.description }, `${option.name} `, input));
  }
  if (!info.options.length) box.append(el("span", { className: "hint" }, "none"));
}

function chosenOptions() {
  const options = {};
  for (const input of document.querySelectorAll("#options input")) {
    const { option, type } = input.dataset;
    if (type === "boolean") options[option] = input.checked;
    else if (type === "integer") options[option] = input.value === "" ? null : Number(input.value);
    else options[option] = input.value === "" ? null : input.value;
  }
  return options;
}

async function startGame(event) {
  event.preventDefault();
  const info = chosenInfo();
  const sealed = document.querySelector("input[name=mode]:checked").value === "sealed";
  const body = {
    players: Number($("#players").value),
    options: chosenOptions(),
    sealed,
    resolve_chance: !$("#by-hand").checked,
    acting_seats: sealed,
    ...DESCRIBE,
  };
  if ($("#seed").value !== "") body.seed = Number($("#seed").value);
  if ($("#content").value.trim()) body.content_id = $("#content").value.trim();
  await begin(info, sealed, await api("POST", `/v1/games/${info.id}/states`, body));
}

/** Show a game that was just set up (or replayed). */
async function begin(info, sealed, envelope) {
  Object.assign(session, {
    info,
    sealed,
    envelope: null,
    history: [],
    log: [],
    viewAs: null,
    master: sealed ? envelope.state_token : null,
    seatTokens: sealed ? envelope.seat_tokens : [],
    content: null,
  });
  session.bots.clear();
  const contentId = $("#content").value.trim() || envelope.state?.content_id || info.default_content_id;
  session.content = await api("GET", `/v1/games/${info.id}/content/${contentId}`).catch(() => null);
  $("#table").hidden = false;
  $("#title").textContent = `${info.title} — ${sealed ? "sealed" : "open"} game`;
  buildTools();
  record(envelope);
  show(envelope);
}

function seatCount(envelope) {
  const players = (envelope.state || envelope.view || {}).players;
  return Array.isArray(players) ? players.length : Number($("#players").value);
}

/** The view selector (sealed games) and the bot switches. */
function buildTools() {
  const seats = Number($("#players").value);
  const viewAs = $("#view-as");
  viewAs.replaceChildren(el("option", { value: "" }, "the table master (every seat's moves)"));
  for (let seat = 0; seat < seats; seat++) viewAs.append(el("option", { value: seat }, `seat ${seat}`));
  $("#view-as-label").hidden = !session.sealed;
  $("#undo").title = session.sealed
    ? "POST /undo with the master handle: takes the last move back"
    : "back to the previous answer (an open game's page keeps them)";
  const bots = $("#bots");
  bots.replaceChildren("Bot plays for: ");
  for (let seat = 0; seat < seats; seat++) {
    const box = el("input", { type: "checkbox", id: `bot-${seat}` });
    box.addEventListener("change", () => {
      if (box.checked) session.bots.add(seat);
      else session.bots.delete(seat);
      runBots();
    });
    bots.append(el("label", { title: "POST /hints, then plays the hinted move" }, box, ` seat ${seat} `));
  }
}

// --------------------------------------------------------------------------------- moves

/** The handle a request about the current state sends: an open game's state id (else the state);
 * in a sealed game the handle of ``seat`` (the master's for chance and for no seat). */
function handle(seat = null) {
  if (session.sealed) {
    const token = seat === null || seat === undefined ? undefined : session.seatTokens[seat];
    return { state_token: token || session.master };
  }
  const envelope = session.envelope;
  return envelope.state_id ? { state_id: envelope.state_id } : { state: envelope.state };
}

/** POST a request about the current state; an open state's id the cache dropped is resent whole. */
async function about(path, body, seat = null) {
  try {
    return await api("POST", `/v1/games/${game()}/${path}`, { ...handle(seat), ...body });
  } catch (error) {
    const dropped = error instanceof ApiProblem && ["unknown_state", "cache_unavailable"].includes(error.problem.code);
    if (!dropped || session.sealed) throw error;
    return api("POST", `/v1/games/${game()}/${path}`, { state: session.envelope.state, ...body });
  }
}

/** Apply ``move``: in a sealed game it is sent with the handle of the seat that makes it, as that
 * seat's client would (the master's for chance), and the table is then read again through the
 * master handle (every handle of the older version is stale now). */
async function play(move) {
  const answer = await about("moves", { move, ...DESCRIBE }, move.seat);
  if (session.sealed) {
    record(answer); // the events as the handle that moved sees them
    show(await current());
  } else {
    session.history.push(session.envelope);
    record(answer);
    show(answer);
  }
}

/** A sealed game's current step, from the master handle, as the chosen viewer sees it. */
async function current() {
  const body = { state_token: session.master, acting_seats: true, ...DESCRIBE };
  if (session.viewAs !== null) body.as_seat = session.viewAs;
  const envelope = await api("POST", `/v1/games/${game()}/current`, body);
  session.master = envelope.state_token;
  if (envelope.seat_tokens) session.seatTokens = envelope.seat_tokens;
  return envelope;
}

async function undo() {
  if (session.sealed) {
    const body = { state_token: session.master, ...DESCRIBE };
    const answer = await api("POST", `/v1/games/${game()}/undo`, body);
    session.master = answer.state_token;
    note("undo", "the master handle took the last move back");
    show(await current());
    return;
  }
  const previous = session.history.pop();
  if (!previous) throw new Error("nothing to undo: this is the game's first answer on this page");
  note("undo", "back to the previous state");
  show(previous);
}

async function exportRecord() {
  const body = session.sealed ? { state_token: session.master } : handle();
  const record = await api("POST", `/v1/games/${game()}/record`, body);
  const blob = new Blob([JSON.stringify(record, null, 2)], { type: "application/json" });
  const link = el("a", { href: URL.createObjectURL(blob), download: `${game()}-record.json` });
  document.body.append(link);
  link.click();
  link.remove();
  note("record", `exported ${record.moves.length} moves`);
}

async function importRecord(file) {
  const text = await file.text();
  let record;
  try {
    record = JSON.parse(text);
  } catch {
    throw new Error("the file is not JSON");
  }
  const info = session.games.find((g) => g.id === record.game) || chosenInfo();
  const sealed = document.querySelector("input[name=mode]:checked").value === "sealed";
  $("#game").value = info.id;
  $("#players").value = record.players;
  const body = { ...record, sealed, acting_seats: sealed, ...DESCRIBE };
  await begin(info, sealed, await api("POST", `/v1/games/${info.id}/replay`, body));
  note("record", `replayed ${record.moves.length} moves`);
}

/** Register a content pack (an owner's edition) for the chosen game; new games may use its id. */
async function registerPack(file) {
  const registered = await api("POST", `/v1/games/${chosenInfo().id}/content`, await file.text());
  $("#content").value = registered.content_id;
}

/** Let the server's hints play for the seats marked as bots, while one of them decides. */
async function runBots() {
  if (session.botsRunning) return;
  session.botsRunning = true;
  try {
    for (;;) {
      const envelope = session.envelope;
      if (!envelope || envelope.finished) return;
      const seat = envelope.to_act.find((actor) => session.bots.has(actor));
      if (seat === undefined) return;
      const played = await step(async () => {
        const body = { seat, seconds: 0.3 };
        const hint = session.sealed
          ? await api("POST", `/v1/games/${game()}/hints`, { state_token: session.master, ...body })
          : await about("hints", body);
        note("bot", `seat ${seat} follows a hint of ${hint.playouts} playouts`);
        await play(hint.move);
      });
      if (!played) return;
    }
  } finally {
    session.botsRunning = false;
  }
}

// ------------------------------------------------------------------------------- showing

function record(envelope) {
  const step = (envelope.state || envelope.view || {}).step;
  for (const event of envelope.events || []) session.log.push({ step, event });
}

function note(type, text) {
  session.log.push({ step: null, event: { type, note: text } });
  showEvents(1);
}

function show(envelope) {
  const fresh = session.log.length - (session.shownEvents || 0);
  session.envelope = envelope;
  const toAct = envelope.to_act.map((actor) => (actor === "chance" ? "chance" : `seat ${actor}`));
  $("#to-act").textContent = envelope.finished
    ? "The game is over."
    : `To act: ${toAct.join(", ")}${session.sealed && session.viewAs !== null ? ` — you are seat ${session.viewAs}` : ""}`;
  $("#undo").disabled = !session.sealed && session.history.length === 0;
  showMoves(envelope);
  showEvents(fresh);
  showResult(envelope);
  $("#text").textContent = envelope.text || "";
  $("#json").textContent = JSON.stringify(envelope, null, 1);
  const picture = $("#picture");
  picture.replaceChildren();
  const draw = window.ArbiterPictures && window.ArbiterPictures[game()];
  const shown = envelope.state || envelope.view;
  if (draw && shown) {
    try {
      draw(picture, shown, { content: session.content, envelope, info: session.info });
    } catch (error) {
      picture.append(el("p", { className: "hint" }, `(the picture failed: ${error})`));
      console.error(error);
    }
  }
}

/** The moves of one decision: who decides, and what kind of move. */
function decisionOf(move, actor) {
  const who = move.seat ?? actor;
  return { who: who === "chance" || who === undefined ? "chance" : `seat ${who}`, type: move.type || "move" };
}

function label(type) {
  return type.replaceAll("_", " ");
}

function showMoves(envelope) {
  const box = $("#moves");
  box.replaceChildren();
  const moves = envelope.legal_moves || [];
  const descriptions = envelope.descriptions || [];
  const ranges = new Map((envelope.move_ranges || []).map((range) => [range.index, range]));
  const chanceActs = envelope.to_act.includes("chance");
  const groups = new Map();
  moves.forEach((move, index) => {
    const actor = move.seat === undefined && chanceActs ? "chance" : move.seat;
    const { who, type } = decisionOf(move, actor);
    const key = `${who} · ${label(type)}`;
    if (!groups.has(key)) groups.set(key, { who, items: [] });
    groups.get(key).items.push({ move, index, description: descriptions[index] });
  });
  for (const [key, group] of groups) {
    const chance = group.who === "chance";
    const title = chance ? `${key} — what the table rolled or drew` : key;
    const section = el("div", { className: `decision${chance ? " chance" : ""}` }, el("h4", {}, title));
    for (const item of group.items) section.append(moveControl(item, ranges.get(item.index)));
    box.append(section);
  }
  const anytime = envelope.anytime;
  if (anytime && anytime.moves.length) {
    const { who } = decisionOf(anytime.moves[0], session.viewAs);
    const section = el("div", { className: "decision" }, el("h4", {}, `${who} · any time`));
    anytime.moves.forEach((move, index) =>
      section.append(moveControl({ move, index, description: (anytime.descriptions || [])[index] })),
    );
    box.append(section);
  }
  if (!moves.length && !envelope.finished) {
    const waiting = session.sealed && session.viewAs !== null ? "this seat has no move now" : "no move";
    box.append(el("p", { className: "hint" }, waiting));
  }
}

function moveControl(item, range) {
  const text = item.description || JSON.stringify(item.move);
  if (!range) {
    return el("button", { type: "button", title: JSON.stringify(item.move), onclick: () => act(() => play(item.move)) }, text);
  }
  const amount = el("input", { type: "number", min: range.min, max: range.max, value: range.min, "aria-label": range.field });
  const choose = () => act(() => play({ ...item.move, [range.field]: Number(amount.value) }));
  return el(
    "div",
    { className: "range" },
    el("button", { type: "button", title: `${range.field}: ${range.min}–${range.max}`, onclick: choose }, text),
    el("label", {}, `${range.field} `, amount),
  );
}

function describeEvent(event) {
  const shown = (value) => {
    const text = typeof value === "object" ? JSON.stringify(value) : String(value);
    return text.length > 120 ? `${text.slice(0, 117)}…` : text;
  };
  return Object.entries(event)
    .filter(([name]) => name !== "type" && name !== "visible_to")
    .map(([name, value]) => `${name}: ${shown(value)}`)
    .join(", ");
}

function showEvents(fresh) {
  const list = $("#events");
  list.replaceChildren();
  const log = session.log;
  const first = Math.max(0, log.length - 300);
  for (let index = log.length - 1; index >= first; index--) {
    const { step, event } = log[index];
    const item = el(
      "li",
      { className: index >= log.length - fresh ? "new" : null, value: index + 1 },
      step === null || step === undefined ? "" : `step ${step} · `,
      el("span", { className: "type" }, label(event.type || "event")),
      event.note ? ` — ${event.note}` : ` ${describeEvent(event)}`,
    );
    list.append(item);
  }
  session.shownEvents = log.length;
}

function showResult(envelope) {
  const panel = $("#result-panel");
  const result = envelope.result;
  panel.hidden = !result;
  if (!result) return;
  const seats = result.scores.map((_, seat) => seat);
  const lines = new Map();
  for (const line of result.breakdown || []) {
    if (!lines.has(line.label)) lines.set(line.label, seats.map(() => 0));
    lines.get(line.label)[line.seat] += line.points;
  }
  const head = el("tr", {}, el("th", {}, ""), seats.map((seat) => el("th", {}, `seat ${seat}`)));
  const rows = [...lines].map(([name, points]) => el("tr", {}, el("td", {}, name), points.map((p) => el("td", {}, p))));
  const total = el("tr", {}, el("th", {}, "score"), result.scores.map((s) => el("th", {}, s)));
  const place = el("tr", {}, el("th", {}, "place"), result.places.map((p) => el("th", {}, p)));
  const winners = result.winners.length ? `Winner: ${result.winners.map((s) => `seat ${s}`).join(", ")}` : "No seat won";
  $("#result").replaceChildren(
    el("p", {}, winners),
    el("table", { className: "result" }, head, ...rows, total, place),
    (result.opponents || []).length
      ? el("p", {}, result.opponents.map((o) => `${o.name}: ${o.score} (place ${o.place})`).join("; "))
      : null,
  );
}

// ------------------------------------------------------------------------------- wiring

$("#game").addEventListener("change", chooseGame);
$("#new-game").addEventListener("submit", (event) => act(() => startGame(event)));
$("#undo").addEventListener("click", () => act(undo));
$("#export").addEventListener("click", () => act(exportRecord));
$("#import").addEventListener("change", (event) => {
  const file = event.target.files[0];
  if (file) act(() => importRecord(file));
  event.target.value = "";
});
$("#pack").addEventListener("change", (event) => {
  const file = event.target.files[0];
  if (file) act(() => registerPack(file));
  event.target.value = "";
});
$("#view-as").addEventListener("change", (event) =>
  act(async () => {
    session.viewAs = event.target.value === "" ? null : Number(event.target.value);
    show(await current());
  }),
);
act(loadGames);
window.arbiter = { session }; // for the curious (and the browser tests): the page's own state
