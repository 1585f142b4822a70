// The Arbiter playground: a plain client of the public REST API (/v1), written to be read.
//
// Every request goes through api(). An open game's page holds the state's id (and the state
// itself, should the server's cache have dropped it); a sealed game's page holds the master
// handle and one handle per seat, as a game backend would, and shows the table as the master or
// as one seat sees it. Moves are the answer's legal moves, grouped by who decides and what; chance
// is drawn by the server unless the table supplies it by hand. Nothing here knows a game's rules:
// the pictures (pictures.js) only draw what the answers say.
//
// A sealed game's page follows its handle's event stream (GET /v1/games/{game}/tables/{handle}/
// events, Server-Sent Events): every change of the game, whoever made it, arrives as an update and
// is shown as it comes, with the holder's newest handle (handles name a step: each change brings
// new ones). The master's page links a tab per seat and one for a spectator: the same page opened
// as /play#game=<game>&handle=<handle>, holding that one handle only, as a seat's own client would
// (the handle goes in the fragment, which the browser never sends to a server).
//
// The service says its texts -- move descriptions, the rendered table, refusals -- in English,
// Russian or Polish: the page asks for the language chosen above (Accept-Language on every fetch)
// and shows the texts as they come. The page's own few labels stay English.
"use strict";

const $ = (selector) => document.querySelector(selector);
/** The languages the service speaks, by their Accept-Language tag, as the select names them. */
const LANGUAGES = { en: "English", ru: "Русский", pl: "Polski" };
const LANGUAGE_KEY = "arbiter.playground.language";

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

/** A refusal of the API: its problem document (RFC 9457), titled and told in the chosen language. */
class ApiProblem extends Error {
  constructor(problem, status) {
    const told = `${problem.code || status}: ${problem.detail || problem.title || "refused"}`;
    super(problem.title && problem.detail ? `${problem.title} — ${told}` : told);
    this.problem = problem;
    this.status = status;
  }
}

/** One request to the API; the JSON answer, or an ApiProblem. A string body is sent as it is (a
 * file's JSON, for the server to judge), anything else as its JSON. */
async function api(method, path, body) {
  const init = { method, headers: { accept: "application/json", "accept-language": session.language } };
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
  role: null, // sealed: "master", "seat" (a seat's tab) or "spectator" (a spectator's tab)
  master: null, // a sealed game's master handle (its current version)
  seatTokens: [], // and its seats' handles
  spectator: null, // a spectator's handle (the master's page links a spectator's tab with it)
  token: null, // a seat's or a spectator's tab: its one handle (its current version)
  version: null, // sealed: the newest change the stream told (its update's id)
  viewAs: null, // sealed: null = as the master (or a spectator) sees it; a number = as that seat sees it
  history: [], // open games: the earlier answers, for undo
  log: [], // the events, oldest first: {step, event}
  bots: new Set(), // seats the server's hints play for
  content: null, // the content pack the game is played with (the pictures read names in it)
  names: new Map(), // the names its ids have (the events' text reads them)
  busy: false,
  language: firstLanguage(), // the language of the service's texts (Accept-Language)
};

const game = () => session.info.id;

// ------------------------------------------------------------------------------ languages

/** The language chosen before (this browser's localStorage), else the browser's own when the
 * service speaks it, else English. */
function firstLanguage() {
  let kept = null;
  try {
    kept = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    // storage is off: the choice is not remembered
  }
  if (kept && Object.hasOwn(LANGUAGES, kept)) return kept;
  const browser = String(navigator.language || "").toLowerCase().split("-")[0];
  return browser === "ru" || browser === "pl" ? browser : "en";
}

/** The language select, showing the language now on. */
function buildLanguages() {
  const select = $("#language");
  for (const [tag, name] of Object.entries(LANGUAGES)) select.append(el("option", { value: tag, lang: tag }, name));
  select.value = session.language;
  document.documentElement.lang = session.language;
}

/** Say the service's texts in ``language`` from now on (remembered): the games' option
 * descriptions are read again, and a sealed game's table (an open game's next answer is in it). */
async function chooseLanguage(language) {
  session.language = language;
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // storage is off: the choice holds for this page only
  }
  session.games = (await api("GET", "/v1/games")).games;
  if ($("#table").hidden) chooseGame();
  if (session.sealed && session.envelope) await refresh();
}
const DESCRIBE = { describe: true, render: true };

function showProblem(error) {
  const box = $("#problem");
  if (!error) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  if (typeof error === "string") {
    box.textContent = error; // the page's own word (nothing failed in it)
    return;
  }
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

/** The form for the chosen game: its player count's bounds, its default pack, its options'
 * inputs (options.js). */
function chooseGame() {
  const info = chosenInfo();
  const players = $("#players");
  players.min = info.min_players;
  players.max = info.max_players;
  players.value = Math.min(Math.max(Number(players.value) || 2, info.min_players), info.max_players);
  $("#content").placeholder = info.default_content_id;
  ArbiterOptions.build($("#options"), info.options, Number(players.value));
}

/** The options' inputs fitted to the player count now chosen. */
function fitOptions() {
  const info = chosenInfo();
  if (info) ArbiterOptions.fit($("#options"), info.options, Number($("#players").value));
}

async function startGame(event) {
  event.preventDefault();
  const info = chosenInfo();
  const sealed = document.querySelector("input[name=mode]:checked").value === "sealed";
  const body = {
    players: Number($("#players").value),
    options: ArbiterOptions.chosen($("#options")),
    sealed,
    resolve_chance: !$("#by-hand").checked,
    acting_seats: sealed,
    ...DESCRIBE,
  };
  if ($("#seed").value !== "") body.seed = Number($("#seed").value);
  if ($("#content").value.trim()) body.content_id = $("#content").value.trim();
  await begin(info, sealed ? "master" : null, await api("POST", `/v1/games/${info.id}/states`, body));
}

/** Show a game that was just set up (or replayed), or the table a tab's handle names. ``role``:
 * ``null`` for an open game, else what the page holds of a sealed one (``"master"``, ``"seat"``
 * or ``"spectator"``). A sealed game is shown once its stream has told where it stands. */
async function begin(info, role, envelope) {
  stopFollowing();
  const sealed = role !== null;
  const master = role === "master";
  Object.assign(session, {
    info,
    sealed,
    role,
    envelope: null,
    history: [],
    log: [],
    viewAs: role === "seat" ? envelope.as_seat : null,
    master: master ? envelope.state_token : null,
    seatTokens: master ? envelope.seat_tokens : [],
    spectator: null,
    token: sealed && !master ? envelope.state_token : null,
    version: null,
    content: null,
  });
  session.shownEvents = 0;
  session.bots.clear();
  const contentId =
    $("#content").value.trim() || envelope.state?.content_id || envelope.view?.content_id || info.default_content_id;
  session.content = await api("GET", `/v1/games/${info.id}/content/${contentId}`).catch(() => null);
  session.names = ArbiterEvents.contentNames(session.content);
  if (master) {
    // a spectator's handle, for the spectator's tab: it reads the public view, never acts
    const spectators = `/v1/games/${info.id}/spectators`;
    session.spectator = (await api("POST", spectators, { state_token: session.master }).catch(() => null))?.state_token;
  }
  $("#table").hidden = false;
  $("#title").textContent = `${info.title} — ${sealed ? "sealed" : "open"} game${whose()}`;
  buildTools();
  record(envelope);
  if (!sealed || !(await follow(envelope.state_token))) show(envelope);
}

/** Who a tab's page plays as (nothing for an open game's or the master's page). */
function whose() {
  if (session.role === "seat") return `, seat ${session.viewAs}'s tab`;
  if (session.role === "spectator") return ", a spectator's tab";
  return "";
}

/** The handle in the page's fragment (``#game=<game>&handle=<handle>``: a tab the master's page
 * opened), if any: the page then shows that table as the handle's holder, and plays for it. */
async function joinTable() {
  const wanted = new URLSearchParams(location.hash.slice(1));
  const gameId = wanted.get("game");
  const token = wanted.get("handle");
  if (!gameId || !token) return;
  const info = session.games.find((g) => g.id === gameId);
  if (!info) throw new Error(`this server plays no game "${gameId}"`);
  const envelope = await api("POST", `/v1/games/${info.id}/current`, { state_token: token, ...DESCRIBE });
  const role = envelope.seat_tokens ? "master" : envelope.as_seat === null ? "spectator" : "seat";
  $("#game").value = info.id;
  chooseGame();
  $("#players").value = seatCount(envelope);
  fitOptions();
  if (role !== "master") {
    $("#new-game").hidden = true;
    const who = role === "seat" ? `seat ${envelope.as_seat}` : "a spectator";
    $("#heading").textContent = role === "seat" ? `Playing as ${who}` : "Watching as a spectator";
    $("#about").replaceChildren(
      `This tab holds one handle of a sealed game of ${info.title}: ${who}'s, as that `,
      role === "seat" ? "seat's own client would. It sends this seat's moves, and " : "spectator's screen would. It makes no move; ",
      "it follows the table's event stream (",
      el("code", {}, "GET /v1/games/{game}/tables/{handle}/events"),
      "), showing every change as it comes. ",
      el("a", { href: "/play" }, "Set up a game of your own"),
      ".",
    );
  }
  await begin(info, role, envelope);
}

function seatCount(envelope) {
  if (envelope.seat_tokens) return envelope.seat_tokens.length;
  const players = (envelope.state || envelope.view || {}).players;
  return Array.isArray(players) ? players.length : Number($("#players").value);
}

/** The view selector and the seat tabs' links (a sealed game's master), the bot switches (the
 * master's or an open game's page); a tab plays as its handle's holder, with none of these. */
function buildTools() {
  const seats = Number($("#players").value);
  const tab = session.sealed && session.role !== "master";
  for (const tool of ["#undo", "#export", "#bots"]) $(tool).hidden = tab;
  $("#live").hidden = !session.sealed;
  const viewAs = $("#view-as");
  viewAs.replaceChildren(el("option", { value: "" }, "the table master (every seat's moves)"));
  for (let seat = 0; seat < seats; seat++) viewAs.append(el("option", { value: seat }, `seat ${seat}`));
  $("#view-as-label").hidden = !session.sealed || tab;
  const tabs = $("#tabs");
  tabs.hidden = !session.sealed || tab;
  tabs.replaceChildren("Seat tabs: ");
  for (let seat = 0; seat < seats; seat++) {
    const href = session.seatTokens[seat] ? tabLink(session.seatTokens[seat]) : null;
    tabs.append(el("a", { id: `tab-${seat}`, href, target: "_blank", rel: "noopener" }, `Open seat ${seat} in a new tab`));
  }
  if (session.spectator) {
    const href = tabLink(session.spectator);
    tabs.append(el("a", { id: "tab-spectator", href, target: "_blank", rel: "noopener" }, "Open a spectator's tab"));
  }
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
 * in a sealed game the handle of ``seat`` (the master's for chance and for no seat); a tab's own. */
function handle(seat = null) {
  if (session.sealed && session.role !== "master") return { state_token: session.token };
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
 * seat's client would (the master's for chance; a tab's own handle), and what it did comes back
 * as the stream's next update (every handle of the older version is stale now). */
async function play(move) {
  if (session.sealed) {
    const before = session.version;
    await about("moves", { move }, move.seat);
    await followed(before);
    return;
  }
  const answer = await about("moves", { move, ...DESCRIBE }, move.seat);
  session.history.push(session.envelope);
  record(answer);
  show(answer);
}

/** A sealed game's current step, through the page's handle, as the chosen viewer sees it. */
async function current() {
  if (session.role !== "master") {
    return api("POST", `/v1/games/${game()}/current`, { state_token: session.token, ...DESCRIBE });
  }
  const body = { state_token: session.master, acting_seats: true, ...DESCRIBE };
  if (session.viewAs !== null) body.as_seat = session.viewAs;
  return api("POST", `/v1/games/${game()}/current`, body);
}

/** Read a sealed game's current step and show it -- unless the stream told a newer change while
 * it was read (that change's update shows the table then). */
async function refresh() {
  const version = session.version;
  const envelope = await current();
  if (session.version !== version) return;
  if (session.role === "master") {
    session.master = envelope.state_token;
    if (envelope.seat_tokens) session.seatTokens = envelope.seat_tokens;
  } else {
    session.token = envelope.state_token;
  }
  show(envelope);
}

async function undo() {
  if (session.sealed) {
    const before = session.version;
    const answer = await api("POST", `/v1/games/${game()}/undo`, { state_token: session.master });
    if (!live.source) follow(answer.state_token, session.version); // a finished game's stream had ended
    await followed(before);
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
  chooseGame();
  $("#players").value = record.players;
  fitOptions();
  const body = { ...record, sealed, acting_seats: sealed, ...DESCRIBE };
  await begin(info, sealed ? "master" : null, await api("POST", `/v1/games/${info.id}/replay`, body));
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

// --------------------------------------------------------------------------- the live table

/** The stream a sealed game's page follows, the updates it tells in order (``telling``), and the
 * page's own actions waiting for the change they made to be told. */
const live = { source: null, telling: Promise.resolve(), waiting: [], retry: null };

/** Follow the event stream of ``token``, the page's handle (any of its versions: the stream first
 * tells where the game stands now -- or, ``after`` a version, each change since -- then each change
 * as it is made); whether it told that in time. ``EventSource`` reconnects by itself, resuming
 * after the last update it received. */
function follow(token, after = null) {
  stopFollowing();
  const query = new URLSearchParams({ describe: true, render: true });
  if (session.role === "master") query.set("acting_seats", true);
  if (after !== null) query.set("after", after);
  query.set("language", session.language); // EventSource sends no Accept-Language of ours
  const path = `/v1/games/${game()}/tables/${encodeURIComponent(token)}/events?${query}`;
  const source = new EventSource(path);
  live.source = source;
  showLive("connecting", "connecting…");
  source.addEventListener("open", () => live.source === source && showLive("live", "live"));
  source.addEventListener("update", (message) => {
    const update = JSON.parse(message.data);
    live.telling = live.telling.then(() => live.source === source && tell(update)).catch(showProblem);
  });
  source.addEventListener("end", (message) => {
    source.close(); // no reconnecting to a finished game's stream
    const { reason } = JSON.parse(message.data);
    live.telling = live.telling.then(() => live.source === source && ended(reason)).catch(showProblem);
  });
  source.addEventListener("error", () => {
    if (live.source !== source) return;
    if (source.readyState !== EventSource.CLOSED) {
      showLive("connecting", "reconnecting…");
      return;
    }
    stopFollowing(); // refused (a problem document, not a stream)
    showLive("closed", "not live");
    showProblem("The table's event stream was refused: reload the page to follow the table again.");
  });
  return caughtUp(null);
}

function stopFollowing() {
  clearTimeout(live.retry);
  if (live.source) live.source.close();
  live.source = null;
}

/** The stream ended, saying why: the game is over; the store no longer holds it; or the server
 * stops, or went back under the stream (then the page follows it again, from where it stands). */
function ended(reason) {
  stopFollowing();
  if (reason === "finished") {
    showLive("closed", "the game is over");
  } else if (reason === "gone") {
    showLive("closed", "not live");
    showProblem("The server no longer holds this game.");
  } else {
    if (reason === "rolled_back") session.version = null; // its versions went back: start afresh
    showLive("connecting", "reconnecting…");
    const again = () => follow(session.role === "master" ? session.master : session.token, session.version);
    live.retry = setTimeout(again, 2000);
  }
}

function showLive(state, text) {
  const badge = $("#live");
  badge.className = state;
  badge.textContent = text;
}

/** Show one update of the stream: the holder's new handles, the change's events as the page's
 * viewer may see them, and -- on the game's newest change -- its ``current`` answer. */
async function tell(update) {
  try {
    if (session.version !== null && update.version <= session.version) return; // told already
    session.version = update.version;
    const master = session.role === "master";
    if (master) {
      session.master = update.state_token;
      if (update.seats) session.seatTokens = update.seats.map((seat) => seat.state_token);
    } else {
      session.token = update.state_token;
    }
    const later = Boolean(update.current);
    if (update.missed) note("stream", `${update.missed} earlier changes were not told: the table shows where they led`, later);
    if (update.undo) note("undo", "the master handle took the last move back", later);
    const asSeat = master && session.viewAs !== null; // the master's page, showing one seat's view
    const events = asSeat ? ((update.seats || [])[session.viewAs] || {}).events : update.events;
    const current = update.current;
    for (const event of events || []) session.log.push({ step: current ? current.view?.step : null, event });
    if (!current) return; // the game's past, told on resuming: a later update shows where it led
    if (asSeat) await refresh();
    else show(current);
    if (master && session.bots.size) runBots(); // a seat's tab moved: a bot may be next (not awaited)
  } finally {
    for (const waiter of live.waiting.filter((w) => w.done())) waiter.resolve(true);
  }
}

/** Wait for the stream to tell a change after version ``before`` (``null``: any); whether it did
 * within ``ms`` milliseconds. */
function caughtUp(before, ms = 5000) {
  const done = () => session.version !== null && (before === null || session.version > before);
  return new Promise((resolve) => {
    if (done()) {
      resolve(true);
      return;
    }
    const waiter = {
      done,
      resolve(told) {
        clearTimeout(timer);
        live.waiting = live.waiting.filter((w) => w !== waiter);
        resolve(told);
      },
    };
    const timer = setTimeout(() => waiter.resolve(false), ms);
    live.waiting.push(waiter);
  });
}

/** After an action of the page: its change, once the stream has told it (else read the table). */
async function followed(before) {
  if (!(await caughtUp(before))) await refresh();
}

/** A tab's address: the playground holding ``token`` (in the fragment: never sent to a server). */
function tabLink(token) {
  return `/play#${new URLSearchParams({ game: game(), handle: token })}`;
}

// ------------------------------------------------------------------------------- showing

function record(envelope) {
  const step = (envelope.state || envelope.view || {}).step;
  for (const event of envelope.events || []) session.log.push({ step, event });
}

/** A note of the page's in the events log: shown now, or (``later``) with the next answer shown. */
function note(type, text, later = false) {
  session.log.push({ step: null, event: { type, note: text } });
  if (!later) showEvents(1);
}

function show(envelope) {
  const fresh = session.log.length - (session.shownEvents || 0);
  session.envelope = envelope;
  const toAct = envelope.to_act.map((actor) => (actor === "chance" ? "chance" : `seat ${actor}`));
  let you = "";
  if (session.role === "spectator") you = " — you watch as a spectator";
  else if (session.sealed && session.viewAs !== null) you = ` — you are seat ${session.viewAs}`;
  $("#to-act").textContent = envelope.finished ? "The game is over." : `To act: ${toAct.join(", ")}${you}`;
  if (session.role === "master") {
    session.seatTokens.forEach((token, seat) => $(`#tab-${seat}`)?.setAttribute("href", tabLink(token)));
  }
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
    let waiting = "no move";
    if (session.role === "spectator") waiting = "a spectator makes no move";
    else if (session.sealed && session.viewAs !== null) waiting = "this seat has no move now";
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
      " ",
      el("span", { className: "text" }, event.note ? `— ${event.note}` : ArbiterEvents.describe(event, session.names)),
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
$("#language").addEventListener("change", (event) => act(() => chooseLanguage(event.target.value)));
$("#players").addEventListener("input", fitOptions);
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
    await refresh();
  }),
);
window.addEventListener("hashchange", () => location.reload()); // another handle: another tab's page
buildLanguages();
act(async () => {
  await loadGames();
  await joinTable();
});
window.arbiter = { session }; // for the curious (and the browser tests): the page's own state
