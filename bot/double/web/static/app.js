// The sandbox page: one Discord server as a simulated member sees it.
// It long-polls /sandbox/api/state and drives the simulated users through small JSON endpoints.
// Each answer brings only the messages changed since the version the page holds, and only
// those are drawn again: the page's work per change does not grow with a thread's length.
// A message is drawn by messages.js, its text by markdown.js. On a phone (800 px and
// narrower) the channel fills the screen; the channels and the member picker are drawers.
"use strict";

const $ = (selector, root = document) => root.querySelector(selector);
const OPTION = { SUB: 1, GROUP: 2, STRING: 3, INTEGER: 4, BOOLEAN: 5, USER: 6, CHANNEL: 7, ROLE: 8, MENTIONABLE: 9, NUMBER: 10 };

const ui = {
  me: localStorage.getItem("sandbox.me"),
  view: localStorage.getItem("sandbox.view"),
  version: null,
  data: null,
  messages: new Map(), // channel id -> Map(message id -> message), in order
  shown: { channel: null, nodes: new Map() }, // the drawn channel: message id -> {key, node}
  goneImages: new Set(), // pictures the double no longer keeps: asked for once at most
  reachable: true,
  command: null, // the command chosen in the composer
  poll: null,
  unread: new Set(), // channels with messages the member has not looked at
};

// ---- talking to the double ------------------------------------------------------------

async function post(path, body) {
  try {
    const response = await fetch(`/sandbox/api/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!answer.ok) notice(answer.error || "Something went wrong");
    return answer;
  } catch (error) {
    notice(String(error));
    return { ok: false };
  }
}

async function pollForever() {
  for (;;) {
    ui.poll = new AbortController();
    const query = new URLSearchParams();
    if (ui.me) query.set("user", ui.me);
    if (ui.version !== null) query.set("version", ui.version);
    let response;
    try {
      response = await fetch(`/sandbox/api/state?${query}`, { signal: ui.poll.signal });
      const data = response.ok ? await response.json() : null;
      ui.reachable = true;
      if (!data) throw new Error(await response.text());
      ui.version = data.version;
      ui.data = data;
      const touched = storeMessages(data);
      render(data.full ? null : touched);
    } catch (error) {
      if (error.name === "AbortError") continue;
      if (response && response.status === 400) ui.me = null; // a member this run does not know
      else if (!response) ui.reachable = false; // the sandbox is stopped or restarting
      renderStatus();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

// Keeps the messages of an answer; returns the ids of those changed or deleted.
function storeMessages(data) {
  if (data.full) ui.messages = new Map();
  const touched = new Set();
  for (const message of data.messages) {
    let channel = ui.messages.get(message.channel);
    if (!channel) ui.messages.set(message.channel, (channel = new Map()));
    message.key = JSON.stringify(message);
    if (/<@!?\d+>/.test(message.key)) message.key += ui.me; // drawn marked if it names the viewer
    if (!data.full && !channel.has(message.id) && message.channel !== ui.view) ui.unread.add(message.channel);
    channel.set(message.id, message); // an edited message keeps its place
    touched.add(message.id);
  }
  for (const id of data.removed) {
    for (const channel of ui.messages.values()) channel.delete(id);
    touched.add(id);
  }
  return touched;
}

function messagesOf(channel) {
  return (channel && ui.messages.get(channel.id)) || new Map();
}

function refreshNow() {
  ui.version = null;
  if (ui.poll) ui.poll.abort();
}

// ---- helpers -----------------------------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "html") node.innerHTML = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function notice(text, kind = "error") {
  const box = el("div", { class: `notice ${kind}` }, text);
  $("#notices").append(box);
  setTimeout(() => box.remove(), 6000);
}

function allChannels() {
  if (!ui.data) return [];
  const found = [];
  for (const channel of ui.data.channels) found.push(channel, ...channel.threads);
  if (ui.data.dm) found.push(ui.data.dm);
  return found;
}

function nameOf(kind, id) {
  const data = ui.data;
  if (kind === "user") {
    const member = data.members.find((m) => m.id === id);
    if (member) return `@${member.name}`;
    return id === data.bot.id ? `@${data.bot.name}` : "@unknown";
  }
  if (kind === "channel") {
    const channel = allChannels().find((c) => c.id === id);
    return channel ? `#${channel.name}` : "#unknown";
  }
  const role = data.roles.find((r) => r.id === id);
  return role ? `@${role.name}` : "@role";
}

function relativeTime(seconds) {
  const delta = Math.round(seconds - Date.now() / 1000);
  const units = [["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];
  const format = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  for (const [unit, size] of units) {
    if (Math.abs(delta) >= size || unit === "second") return format.format(Math.round(delta / size), unit);
  }
  return "";
}

function timestamp(unix, style) {
  const date = new Date(unix * 1000);
  if (style === "R") return relativeTime(unix);
  if (style === "t") return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  if (style === "d") return date.toLocaleDateString();
  return date.toLocaleString();
}

// ---- rendering ---------------------------------------------------------------------------

// `touched`: the ids of the messages that changed; null to draw the whole channel again.
function render(touched = null) {
  const data = ui.data;
  if (!data) return;
  if (!ui.me && data.members.length) {
    ui.me = data.members[0].id;
    localStorage.setItem("sandbox.me", ui.me);
    refreshNow();
    return;
  }
  document.title = `${data.guild.name} · sandbox`;
  $("#guild-name").textContent = data.guild.name;
  renderStatus();
  const channels = allChannels();
  if (!channels.find((c) => c.id === ui.view) && data.channels.length) ui.view = data.channels[0].id;
  ui.unread.delete(ui.view);
  renderChannels();
  renderMembers();
  renderMe();
  renderLocales();
  renderMessages(channels.find((c) => c.id === ui.view), touched);
  renderModal();
  renderFailures();
}

function renderStatus() {
  const status = $("#bot-status");
  const bot = ui.data ? ui.data.bot : { name: "The bot", connected: false };
  const online = ui.reachable && bot.connected;
  const text = !ui.reachable
    ? "The sandbox is not reachable"
    : online ? `${bot.name} is online` : `${bot.name} is offline`;
  setText(status, text);
  if (status.className !== (online ? "" : "off")) status.className = online ? "" : "off";
}

// The channel header's texts are written only when they change: a write lays the
// channel's messages out again (in the desktop layout), a cost that grows with the channel.
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function renderLocales() {
  const { data } = ui;
  for (const [id, value] of [["#me-locale", data.me && data.me.locale], ["#guild-locale", data.guild.locale]]) {
    const picker = $(id);
    if (!picker.options.length) picker.replaceChildren(...data.locales.map((code) => el("option", { value: code }, code)));
    if (document.activeElement !== picker && value) picker.value = value;
  }
}

function renderChannels() {
  const box = $("#channels");
  box.replaceChildren();
  box.append(el("div", { class: "group-title" }, "Text channels"));
  for (const channel of ui.data.channels) {
    box.append(channelButton(channel, `# ${channel.name}`));
    for (const thread of channel.threads) {
      box.append(channelButton(thread, `↳ ${thread.name}${thread.archived ? " (archived)" : ""}`, "thread"));
    }
  }
  if (ui.data.dm) {
    box.append(el("div", { class: "group-title" }, "Direct messages"));
    box.append(channelButton(ui.data.dm, `@ ${ui.data.bot.name}`));
  }
}

function channelButton(channel, label, extra = "") {
  const active = channel.id === ui.view ? "active" : "";
  return el(
    "button",
    {
      class: `chan ${extra} ${active}`,
      type: "button",
      onclick: () => showChannel(channel.id),
    },
    label,
    el("span", { class: "count" }, ui.unread.has(channel.id) ? el("span", { class: "unread", title: "new messages" }) : null, messagesOf(channel).size || ""),
  );
}

function showChannel(id) {
  ui.view = id;
  localStorage.setItem("sandbox.view", id);
  openDrawer(null);
  render(null);
}

// The top bar's "you are" button, and whether a channel not shown has news (a dot on the menu).
function renderMe() {
  const me = ui.data.me;
  setText($("#me-name"), me ? me.name : "");
  const face = $("#me-avatar");
  const drawn = me ? avatar(me.name) : null;
  if (drawn && face.textContent !== drawn.textContent) face.replaceWith(Object.assign(drawn, { id: "me-avatar" }));
  else if (drawn && face.style.background !== drawn.style.background) face.style.background = drawn.style.background;
  $("#menu-button").classList.toggle("news", ui.unread.size > 0);
}

// On a phone: "sidebar" (channels, threads, DMs, who you are), "members", or null (the channel).
function openDrawer(which) {
  const app = $("#app");
  app.classList.toggle("show-sidebar", which === "sidebar");
  app.classList.toggle("show-members", which === "members");
  $("#menu-button").setAttribute("aria-expanded", String(which === "sidebar"));
  $("#me-button").setAttribute("aria-expanded", String(which === "members"));
}

const phone = matchMedia("(max-width: 800px)");

function renderMembers() {
  const data = ui.data;
  const picker = $("#me-select");
  picker.replaceChildren(...data.members.map((m) => el("option", { value: m.id, selected: m.id === ui.me }, m.name)));
  const me = data.me;
  $("#me-dms").checked = Boolean(me && me.dms_open);
  const list = $("#member-list");
  list.replaceChildren(
    el("li", {}, avatar(data.bot.name, true), el("span", { class: "name" }, data.bot.name), el("span", { class: "badge" }, "BOT")),
    ...data.members.map((m) =>
      el(
        "li",
        { class: m.id === ui.me ? "me" : "", title: "Play as this member", onclick: () => switchUser(m.id) },
        avatar(m.name),
        el("span", { class: "name" }, m.name),
        el("span", { class: "tags" }, [m.admin ? "admin" : "", m.dms_open ? "" : "DMs closed", m.locale === "en-US" ? "" : m.locale].filter(Boolean).join(" · ")),
      ),
    ),
  );
}

function switchUser(id) {
  ui.me = id;
  localStorage.setItem("sandbox.me", id);
  if (ui.data && ui.data.dm && ui.view === ui.data.dm.id) ui.view = null;
  ui.unread.clear();
  openDrawer(null);
  clearCommand();
  refreshNow();
}

function renderMessages(channel, touched) {
  const box = $("#messages");
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  setText($("#channel-title"), channel
    ? channel.kind === "dm" ? `@ ${ui.data.bot.name} (DM)` : `${channel.kind === "thread" ? "↳" : "#"} ${channel.name}`
    : "");
  const messages = messagesOf(channel);
  const shown = ui.shown;
  const id = channel ? channel.id : null;
  if (touched === null || shown.channel !== id) {
    // Another channel, or everything anew: nodes of unchanged messages are kept (their
    // pictures are not loaded again).
    const nodes = new Map();
    for (const message of messages.values()) {
      const old = shown.nodes.get(message.id);
      nodes.set(message.id, old && old.key === message.key ? old : { key: message.key, node: renderMessage(message) });
    }
    shown.channel = id;
    shown.nodes = nodes;
    box.replaceChildren(...[...nodes.values()].map((n) => n.node));
  } else {
    for (const messageId of touched) {
      const message = messages.get(messageId);
      const old = shown.nodes.get(messageId);
      if (!message) {
        if (old) old.node.remove();
        shown.nodes.delete(messageId);
        continue;
      }
      if (old && old.key === message.key) continue;
      const drawn = { key: message.key, node: renderMessage(message) };
      if (old) old.node.replaceWith(drawn.node);
      else insertInOrder(box, drawn.node);
      shown.nodes.set(messageId, drawn);
    }
  }
  if (atBottom) box.scrollTop = box.scrollHeight;
}

// Snowflakes in order: a longer id is a later one.
const earlier = (a, b) => (a.length === b.length ? a < b : a.length < b.length);

function insertInOrder(box, node) {
  let before = box.lastElementChild;
  while (before && earlier(node.dataset.id, before.dataset.id)) before = before.previousElementSibling;
  if (before) before.after(node);
  else box.prepend(node);
}

function renderModal() {
  const layer = $("#modal-layer");
  const modal = ui.data.modals[ui.data.modals.length - 1];
  if (!modal) {
    layer.hidden = true;
    layer.replaceChildren();
    delete layer.dataset.id;
    return;
  }
  if (layer.dataset.id === modal.id) return; // keep what the user is typing
  layer.dataset.id = modal.id;
  const inputs = {};
  const form = el(
    "form",
    { class: "modal" },
    el("h3", {}, modal.title),
    modal.fields.map((field) => {
      const attrs = { id: `f-${field.custom_id}`, placeholder: field.placeholder, required: field.required, maxlength: field.max_length };
      let input;
      if (field.select) {
        const select = field.select;
        input = el(
          "select",
          { id: attrs.id, multiple: select.max_values > 1, required: field.required },
          select.max_values > 1 ? null : el("option", { value: "" }, select.placeholder),
          selectChoices(select).map((o) => el("option", { value: o.value }, o.label)),
        );
      } else if (field.paragraph) {
        input = el("textarea", attrs, field.value);
      } else {
        input = el("input", { ...attrs, type: "text", value: field.value });
      }
      inputs[field.custom_id] = input;
      return el("div", { class: "opt" }, el("label", { for: attrs.id }, field.label, field.required ? el("span", { class: "req" }, " *") : null), input);
    }),
    el(
      "div",
      { class: "actions" },
      el("button", { class: "btn", type: "button", onclick: () => post("modal/dismiss", { user: ui.me, id: modal.id }) }, "Cancel"),
      el("button", { class: "btn s1", type: "submit" }, "Submit"),
    ),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const values = Object.fromEntries(
      Object.entries(inputs).map(([key, input]) => [
        key,
        input.tagName === "SELECT" ? [...input.selectedOptions].map((o) => o.value).filter(Boolean) : input.value,
      ]),
    );
    post("modal", { user: ui.me, id: modal.id, values });
  });
  layer.replaceChildren(form);
  layer.hidden = false;
  const first = form.querySelector("input, textarea");
  if (first) first.focus();
}

const shownFailures = new Set();
function renderFailures() {
  for (const failure of ui.data.failures) {
    if (shownFailures.has(failure)) continue;
    shownFailures.add(failure);
    notice(`This interaction failed: ${failure}`);
  }
}

// ---- the command composer -----------------------------------------------------------------

function commandLeaves(command) {
  // Every invocable path of a command: "game new", "game rename", or just "ping".
  const leaves = [];
  const walk = (path, options) => {
    const subs = options.filter((o) => o.type === OPTION.SUB || o.type === OPTION.GROUP);
    if (!subs.length) {
      leaves.push({ path, options, description: command.description });
      return;
    }
    for (const sub of subs) walk(`${path} ${sub.name}`, sub.options || []);
  };
  walk(command.name, command.options);
  for (const leaf of leaves) {
    const parts = leaf.path.split(" ");
    let options = command.options;
    for (const part of parts.slice(1)) {
      const sub = options.find((o) => o.name === part);
      leaf.description = sub.description || leaf.description;
      options = sub.options || [];
    }
  }
  return leaves;
}

function renderSuggestions() {
  const box = $("#suggestions");
  const typed = $("#command-input").value.trim();
  box.replaceChildren();
  if (!ui.data || !typed.startsWith("/") || ui.command) return;
  const query = typed.slice(1).toLowerCase();
  const leaves = ui.data.commands.flatMap(commandLeaves).filter((leaf) => leaf.path.startsWith(query) || query.startsWith(leaf.path));
  for (const leaf of leaves.slice(0, 25)) {
    const summary = leaf.options.map((o) => (o.required ? o.name : `[${o.name}]`)).join(" ");
    box.append(
      el(
        "div",
        { class: "suggestion", role: "option", onclick: () => chooseCommand(leaf) },
        el("strong", {}, `/${leaf.path}`),
        summary ? ` ${summary}` : "",
        el("span", { class: "desc" }, leaf.description),
      ),
    );
  }
}

function chooseCommand(leaf) {
  ui.command = leaf;
  $("#command-input").value = `/${leaf.path}`;
  $("#suggestions").replaceChildren();
  const form = $("#command-form");
  form.replaceChildren(
    ...leaf.options.map((option) =>
      el(
        "div",
        { class: "opt" },
        el("label", { for: `o-${option.name}` }, option.name, option.required ? el("span", { class: "req" }, " *") : null, ` — ${option.description || ""}`),
        optionInput(leaf, option),
      ),
    ),
  );
  const first = form.querySelector("input, select");
  if (first) first.focus();
}

function optionInput(leaf, option) {
  const id = `o-${option.name}`;
  const data = ui.data;
  const blank = el("option", { value: "" }, option.required ? "Choose…" : "(none)");
  if (option.choices && option.choices.length) {
    return el("select", { id, "data-name": option.name }, blank, option.choices.map((c) => el("option", { value: c.value }, c.name)));
  }
  switch (option.type) {
    case OPTION.BOOLEAN:
      return el("select", { id, "data-name": option.name }, blank, el("option", { value: "true" }, "True"), el("option", { value: "false" }, "False"));
    case OPTION.USER:
    case OPTION.MENTIONABLE:
      return el("select", { id, "data-name": option.name }, blank, data.members.map((m) => el("option", { value: m.id }, m.name)));
    case OPTION.CHANNEL:
      return el("select", { id, "data-name": option.name }, blank, data.channels.map((c) => el("option", { value: c.id }, `#${c.name}`)));
    case OPTION.ROLE:
      return el("select", { id, "data-name": option.name }, blank, data.roles.map((r) => el("option", { value: r.id }, r.name)));
    case OPTION.INTEGER:
    case OPTION.NUMBER:
      return el("input", { id, "data-name": option.name, type: "number", step: option.type === OPTION.INTEGER ? "1" : "any", min: option.min_value, max: option.max_value });
    default: {
      const input = el("input", { id, "data-name": option.name, type: "text", maxlength: option.max_length, list: option.autocomplete ? `${id}-list` : null });
      if (!option.autocomplete) return input;
      const list = el("datalist", { id: `${id}-list` });
      input.addEventListener("input", async () => {
        const answer = await post("autocomplete", {
          user: ui.me, channel: ui.view, command: leaf.path, focused: option.name, typed: input.value, options: collectOptions(),
        });
        if (answer.ok) list.replaceChildren(...answer.choices.map((c) => el("option", { value: c.value }, c.name)));
      });
      return el("span", { class: "opt" }, input, list);
    }
  }
}

function collectOptions() {
  const options = {};
  for (const input of document.querySelectorAll("#command-form [data-name]")) {
    if (input.value !== "") options[input.dataset.name] = input.value;
  }
  return options;
}

function clearCommand() {
  ui.command = null;
  $("#command-input").value = "";
  $("#command-form").replaceChildren();
  $("#suggestions").replaceChildren();
}

async function sendCommand(event) {
  event.preventDefault();
  const typed = $("#command-input").value.trim();
  if (!ui.command) {
    const leaf = ui.data && ui.data.commands.flatMap(commandLeaves).find((l) => `/${l.path}` === typed);
    if (!leaf) {
      notice(typed ? `No command ${typed}` : "Type / to pick a command");
      return;
    }
    if (leaf.options.some((o) => o.required)) {
      chooseCommand(leaf);
      return;
    }
    ui.command = leaf;
  }
  const answer = await post("slash", { user: ui.me, channel: ui.view, command: ui.command.path, options: collectOptions() });
  if (answer.ok) clearCommand();
}

// ---- wiring ------------------------------------------------------------------------------

$("#command-input").addEventListener("input", () => {
  if (ui.command && $("#command-input").value.trim() !== `/${ui.command.path}`) {
    ui.command = null;
    $("#command-form").replaceChildren();
  }
  renderSuggestions();
});
$("#command-input").addEventListener("keydown", (event) => {
  if (event.key === "Escape") clearCommand();
});
$("#composer").addEventListener("submit", sendCommand);
$("#me-select").addEventListener("change", (event) => switchUser(event.target.value));
$("#me-dms").addEventListener("change", (event) => post(`members/${ui.me}`, { dms_open: event.target.checked }));
$("#me-locale").addEventListener("change", (event) => post(`members/${ui.me}`, { locale: event.target.value }));
$("#guild-locale").addEventListener("change", (event) => post("guild", { locale: event.target.value }));
$("#add-member").addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = $("#new-member").value.trim();
  const answer = await post("members", { name, admin: $("#new-admin").checked, dms_open: $("#new-dms").checked });
  if (answer.ok) $("#new-member").value = "";
});

$("#menu-button").addEventListener("click", () => openDrawer($("#app").classList.contains("show-sidebar") ? null : "sidebar"));
$("#me-button").addEventListener("click", () => {
  if (phone.matches) openDrawer($("#app").classList.contains("show-members") ? null : "members");
  else $("#me-select").focus();
});
$("#scrim").addEventListener("click", () => openDrawer(null));
phone.addEventListener("change", () => openDrawer(null));
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  openDrawer(null);
  showPicture(null);
});
// A spoiler in a text is shown when clicked.
$("#messages").addEventListener("click", (event) => {
  const spoiler = event.target.closest(".spoiler:not(.revealed)");
  if (spoiler) spoiler.classList.add("revealed");
  const jump = event.target.closest("a[data-channel]");
  if (jump && allChannels().some((c) => c.id === jump.dataset.channel)) {
    event.preventDefault();
    showChannel(jump.dataset.channel);
    const shown = jump.dataset.message && $(`#messages .msg[data-id="${jump.dataset.message}"]`);
    if (shown) {
      shown.scrollIntoView({ block: "center" });
      shown.classList.add("flash");
      setTimeout(() => shown.classList.remove("flash"), 1500);
    }
  }
});

// A picture shown large (as Discord does when one is clicked); null closes it.
function showPicture(url, about = "") {
  const viewer = $("#viewer");
  viewer.hidden = !url;
  viewer.replaceChildren(...(url ? [el("img", { src: url, alt: about }), about ? el("div", { class: "caption" }, about) : null].filter(Boolean) : []));
}
$("#viewer").addEventListener("click", () => showPicture(null));

// Relative times ("in 2 minutes") move on by themselves: messages are drawn only when they change.
setInterval(() => {
  for (const time of document.querySelectorAll("#messages time[data-relative]")) {
    time.textContent = relativeTime(Number(time.dataset.relative));
  }
}, 5000);

pollForever();
