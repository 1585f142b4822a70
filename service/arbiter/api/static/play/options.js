// The options of a new game: a form built from the game's fact sheet (GET /v1/games/{game}), so
// that it offers only values the game takes. Fixed choices (a Literal or an enum in the game's
// options type) are a select, a bounded integer a number input with its bounds, a boolean a
// checkbox; each starts at its default. An option that does not apply at the chosen player count
// (the fact sheet's min_players/max_players: Raiders of Scythia's solo chief) is left empty and
// disabled, and the new game is set up without it.
"use strict";

window.ArbiterOptions = (() => {
  function h(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (value === null || value === undefined) continue;
      if (name === "className") node.className = value;
      else node.setAttribute(name, String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  /** The player counts an option applies to, in words (none when it applies to every count). */
  function playersNote(option) {
    const least = option.min_players ?? null;
    const most = option.max_players ?? null;
    if (least === null && most === null) return "";
    if (least === most) return `(${least} player${least === 1 ? "" : "s"} only)`;
    if (most === null) return `(${least}+ players only)`;
    return `(${least ?? 1}–${most} players only)`;
  }

  /** The inputs of ``options`` (a fact sheet's) in ``box``, at their defaults for ``players``. */
  function build(box, options, players) {
    box.replaceChildren(h("legend", {}, "Options"));
    for (const option of options) {
      const id = `option-${option.name}`;
      let input;
      if (option.choices) {
        input = h("select", { id }, option.choices.map((choice) => h("option", { value: choice }, choice)));
      } else if (option.type === "boolean") {
        input = h("input", { type: "checkbox", id });
      } else if (option.type === "integer") {
        input = h("input", { type: "number", id, min: option.minimum, max: option.maximum });
      } else {
        input = h("input", { id, size: 10 });
      }
      input.dataset.option = option.name;
      input.dataset.type = option.type;
      const only = playersNote(option);
      box.append(h("label", { title: option.description }, `${option.name} `, input, only ? h("small", { className: "only" }, ` ${only}`) : null));
    }
    if (!options.length) box.append(h("span", { className: "hint" }, "none"));
    fit(box, options, players);
  }

  /** Each input fitted to ``players``: one that does not apply is emptied and disabled; one that
   * applies again (or for the first time) is back at its default; the others keep their value. */
  function fit(box, options, players) {
    for (const option of options) {
      const input = box.querySelector(`#option-${CSS.escape(option.name)}`);
      if (!input) continue;
      const applies = (option.min_players ?? 0) <= players && players <= (option.max_players ?? Infinity);
      const fresh = input.disabled || input.dataset.fitted === undefined;
      input.disabled = !applies;
      input.closest("label").classList.toggle("unused", !applies);
      if (input.type === "checkbox") {
        if (!applies || fresh) input.checked = applies && option.default === true;
      } else if (!applies) {
        if (input.tagName === "SELECT" && !input.querySelector("option[value='']")) input.prepend(h("option", { value: "" }, "—"));
        input.value = "";
      } else if (fresh) {
        input.querySelector("option[value='']")?.remove();
        input.value = option.default ?? "";
      }
      input.dataset.fitted = "";
    }
  }

  /** The options to set a game up with: the enabled inputs' values (an empty one is left out,
   * for the game's default). */
  function chosen(box) {
    const options = {};
    for (const input of box.querySelectorAll("[data-option]")) {
      if (input.disabled) continue;
      const { option, type } = input.dataset;
      if (type === "boolean") options[option] = input.checked;
      else if (input.value === "") continue;
      else if (type === "integer") options[option] = Number(input.value);
      else options[option] = input.value;
    }
    return options;
  }

  return { build, fit, chosen };
})();
