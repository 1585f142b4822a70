// The events of an answer as text: each member as "name value", ids by the names the content pack
// gives them, lists as lists, counts as "2 archers", nested parts in parentheses -- never raw JSON.
// Generic: it knows no game's events, only their shape (every event is a struct with a "type";
// "visible_to" says who may see it and is left out).
"use strict";

window.ArbiterEvents = (() => {
  function label(text) {
    return String(text).replaceAll("_", " ");
  }

  /** The names a content pack gives its ids (every ``{id, name}`` in it: cards, factions,
   * settlements, ...), for the events' text. */
  function contentNames(content) {
    const found = new Map();
    const walk = (value, depth) => {
      if (depth > 6 || value === null || typeof value !== "object") return;
      if (Array.isArray(value)) {
        for (const item of value) walk(item, depth + 1);
        return;
      }
      if (typeof value.id === "string" && typeof value.name === "string" && !found.has(value.id)) found.set(value.id, value.name);
      for (const item of Object.values(value)) walk(item, depth + 1);
    };
    walk(content, 0);
    return found;
  }

  /** Most items of a list an event's text spells out. */
  const LISTED = 8;
  /** The longest text of one event. */
  const EVENT_TEXT = 400;

  /** An event's members as text: ``name value`` pairs, ids by their content names, lists as lists,
   * counts as "2 archers" (zeros left out), nested parts in parentheses; nothing as raw JSON. */
  function describe(event, names = new Map()) {
    const word = (text) => names.get(text) || label(text);
    const shown = (value, depth) => {
      if (value === null || value === undefined) return "none";
      if (typeof value === "boolean") return value ? "yes" : "no";
      if (typeof value === "string") return word(value);
      if (typeof value !== "object") return String(value);
      if (depth > 2) return "…";
      if (Array.isArray(value)) {
        if (!value.length) return "none";
        const items = value.slice(0, LISTED).map((item) => shown(item, depth + 1));
        const more = value.length > LISTED ? ` and ${value.length - LISTED} more` : "";
        return `${items.join(", ")}${more}`;
      }
      const entries = Object.entries(value);
      if (entries.length && entries.every(([, n]) => typeof n === "number")) {
        const counted = entries.filter(([, n]) => n !== 0).map(([name, n]) => `${n} ${label(name)}`);
        return counted.length ? counted.join(", ") : "none";
      }
      return `(${entries.map(([name, item]) => `${label(name)} ${shown(item, depth + 1)}`).join("; ")})`;
    };
    const text = Object.entries(event)
      .filter(([name]) => name !== "type" && name !== "visible_to")
      .map(([name, value]) => `${label(name)}: ${shown(value, 0)}`)
      .join("; ");
    return text.length > EVENT_TEXT ? `${text.slice(0, EVENT_TEXT - 1)}…` : text;
  }

  return { contentNames, describe };
})();
