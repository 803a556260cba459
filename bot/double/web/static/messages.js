// One message as Discord's clients draw it: its author, then either its content, embeds,
// attachments and action rows, or (flag IS_COMPONENTS_V2) its layout components: containers
// (accent colour, spoiler), text displays, sections with a button or thumbnail beside them,
// media galleries, separators, files and action rows. Every button and select, wherever it
// sits, sends the same interaction, and carries its place in the message's `rows`
// (data-row, data-index), so a script finds it the same way in either kind of message.
"use strict";

const COMPONENT = { ROW: 1, SECTION: 9, TEXT: 10, THUMBNAIL: 11, GALLERY: 12, FILE: 13, SEPARATOR: 14, CONTAINER: 17 };

function renderMessage(message) {
  const classes = ["msg"];
  if (message.ephemeral) classes.push("ephemeral");
  if (message.type === 18) classes.push("system");
  if (mentionsMe(message)) classes.push("mentioned");
  const when = new Date(message.timestamp * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const parts = [
    el(
      "div",
      { class: "meta" },
      el("span", { class: "author" }, message.author),
      message.bot ? el("span", { class: "badge" }, "APP") : null,
      el("time", {}, when),
      message.edited ? el("span", { class: "edited" }, "(edited)") : null,
    ),
  ];
  if (message.type === 18) parts.push(el("div", { class: "content" }, `started a thread: ${message.content}`));
  else if (message.content) parts.push(text(message.content));
  if (message.loading) parts.push(el("div", { class: "loading" }, `${ui.data.bot.name} is thinking…`));
  if (message.v2) {
    parts.push(el("div", { class: "v2" }, message.layout.map((c) => renderComponent(message, c))));
  } else {
    for (const embed of message.embeds) parts.push(renderEmbed(embed));
    for (const file of message.attachments) parts.push(renderAttachment(file));
    for (const row of message.rows) parts.push(renderRow(message, row));
  }
  if (message.thread) {
    parts.push(el("span", { class: "thread-link", onclick: () => showChannel(message.thread) }, "Open thread →"));
  }
  const reactions = Object.entries(message.reactions).map(([emoji, count]) => `${emoji} ${count}`).join("  ");
  if (reactions) parts.push(el("div", { class: "edited" }, reactions));
  if (message.ephemeral) parts.push(el("div", { class: "eph-note" }, "Only you can see this"));
  return el(
    "div",
    { class: classes.join(" "), "data-id": message.id },
    message.invoker && message.command ? el("div", { class: "used" }, `${message.invoker} used /${message.command}`) : null,
    el("div", { class: "msg-row" }, avatar(message.author, message.bot), el("div", { class: "msg-body" }, parts)),
  );
}

// A member's picture: the first letter of their name on a colour of their own.
const AVATAR_COLOURS = ["#5865f2", "#3ba55c", "#faa61a", "#ed4245", "#eb459e", "#747f8d", "#1abc9c", "#e67e22"];
function avatar(name, bot = false) {
  let hash = 0;
  for (const char of name || "?") hash = (hash * 31 + char.codePointAt(0)) >>> 0;
  const colour = bot ? "#5865f2" : AVATAR_COLOURS[hash % AVATAR_COLOURS.length];
  const initial = [...(name || "?").trim()][0] || "?";
  return el("span", { class: "avatar", style: `background: ${colour}`, "aria-hidden": "true" }, initial.toUpperCase());
}

// Whether the message names the viewer (`<@id>`): Discord marks it.
function mentionsMe(message) {
  if (!ui.me) return false;
  const said = message.v2 ? JSON.stringify(message.layout) : message.content + JSON.stringify(message.embeds);
  return said.includes(`<@${ui.me}>`) || said.includes(`<@!${ui.me}>`);
}

function text(source) {
  return el("div", { class: `content${onlyEmoji(source) ? " jumbo" : ""}`, html: markdown(source) });
}

// ---- layout components ------------------------------------------------------------------------

function renderComponent(message, component) {
  switch (component.type) {
    case COMPONENT.ROW:
      return renderRow(message, component.components);
    case COMPONENT.SECTION:
      return renderSection(message, component);
    case COMPONENT.TEXT:
      return text(component.content);
    case COMPONENT.THUMBNAIL:
      return renderThumbnail(component);
    case COMPONENT.GALLERY:
      return renderGallery(component);
    case COMPONENT.FILE:
      return renderFile(component);
    case COMPONENT.SEPARATOR: {
      const classes = ["c-sep", component.divider ? "divider" : "", component.spacing === 2 ? "large" : ""];
      return el("div", { class: classes.filter(Boolean).join(" "), role: component.divider ? "separator" : null });
    }
    case COMPONENT.CONTAINER:
      return renderContainer(message, component);
    default:
      return el("div", { class: "c-unknown" }, `(a component of type ${component.type}, which the sandbox does not draw)`);
  }
}

function renderContainer(message, container) {
  const colour = typeof container.accent_color === "number" ? `#${container.accent_color.toString(16).padStart(6, "0")}` : null;
  const box = el(
    "div",
    { class: `c-container${colour ? " accent" : ""}`, style: colour ? `--accent-color: ${colour}` : null },
    container.components.map((c) => renderComponent(message, c)),
  );
  if (container.spoiler) {
    box.classList.add("spoiled");
    box.prepend(spoilerTag(() => box.classList.remove("spoiled")));
  }
  return box;
}

function renderSection(message, section) {
  const accessory = section.accessory || {};
  let beside = null;
  if (accessory.kind === "button") beside = renderButton(message, accessory);
  else if (accessory.type === COMPONENT.THUMBNAIL) beside = renderThumbnail(accessory);
  return el(
    "div",
    { class: "c-section" },
    el("div", { class: "c-texts" }, section.components.map((c) => renderComponent(message, c))),
    beside,
  );
}

function renderThumbnail(thumbnail) {
  return veiled(el("div", { class: "c-thumb" }, picture(thumbnail.media, thumbnail.description || "", thumbnail.description)), thumbnail.spoiler);
}

// Discord's mosaic: how wide each of n pictures is drawn (a grid of six columns).
const MOSAIC = {
  2: ["half", "half"],
  3: ["tall", "", ""],
  4: ["half", "half", "half", "half"],
  5: ["half", "half"],
  7: ["wide"],
  8: ["half", "half"],
  10: ["wide"],
};

function renderGallery(gallery) {
  const count = gallery.items.length;
  const shapes = MOSAIC[count] || [];
  return el(
    "div",
    { class: `gallery n${Math.min(count, 10)}` },
    gallery.items.map((item, index) => {
      const about = item.description || "";
      const shape = count === 1 ? "wide" : shapes[index] || "";
      return veiled(el("div", { class: `item ${shape}` }, picture(item.media, about, about || null)), item.spoiler);
    }),
  );
}

function renderFile(component) {
  const file = component.file;
  const name = file.dropped
    ? el("span", {}, file.filename, " (no longer kept)")
    : el("a", { href: file.url, download: file.filename }, file.filename);
  const box = el(
    "div",
    { class: "c-file" },
    el("span", { class: "file-icon", "aria-hidden": "true" }, "📄"),
    el("div", {}, name, file.size === undefined ? null : el("div", { class: "size" }, fileSize(file.size))),
  );
  return component.spoiler ? veiled(el("div", { style: "position: relative" }, box), true) : box;
}

function fileSize(bytes) {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ["KB", "MB", "GB"];
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${size.toFixed(2)} ${units[unit]}`;
}

// A spoiler: blurred, with a SPOILER tag that shows it when clicked.
function veiled(box, spoiler) {
  if (!spoiler) return box;
  const hidden = [...box.children];
  for (const child of hidden) child.classList.add("veil");
  box.prepend(spoilerTag(() => hidden.forEach((child) => child.classList.remove("veil"))));
  return box;
}

function spoilerTag(show) {
  const tag = el("div", { class: "spoiler-tag", role: "button", tabindex: "0", title: "Show the spoiler" }, el("span", {}, "SPOILER"));
  const reveal = (event) => {
    event.stopPropagation();
    tag.remove();
    show();
  };
  tag.addEventListener("click", reveal);
  tag.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") reveal(event);
  });
  return tag;
}

// A picture, or a placeholder once the double no longer keeps it: a picture that failed
// to load is not asked for again. Clicked, it is shown large.
function picture(media, alt = "", title = null) {
  if (media.dropped || ui.goneImages.has(media.url)) {
    return el("div", { class: "picture-gone", title: title || alt || null }, "picture no longer kept");
  }
  const img = el("img", { src: media.url, alt, title, width: media.width, height: media.height });
  img.addEventListener("error", () => {
    ui.goneImages.add(media.url);
    img.replaceWith(picture(media, alt, title));
  }, { once: true });
  img.addEventListener("click", () => showPicture(media.url, alt));
  return img;
}

// ---- classic messages: embeds and attachments ----------------------------------------------------

function renderEmbed(embed) {
  const color = embed.color ? `#${embed.color.toString(16).padStart(6, "0")}` : null;
  return el(
    "div",
    { class: "embed", style: color ? `border-left-color: ${color}` : null },
    embed.title ? el("div", { class: "title", html: markdown(embed.title) }) : null,
    embed.description ? text(embed.description) : null,
    embed.fields.length
      ? el(
          "div",
          { class: "fields" },
          embed.fields.map((f) =>
            el(
              "div",
              { class: `field ${f.inline ? "inline" : ""}` },
              el("div", { class: "field-name", html: markdown(f.name || "") }),
              text(f.value || ""),
            ),
          ),
        )
      : null,
    embed.image ? picture(embed.image, embed.title || "") : null,
    embed.thumbnail && !embed.image ? picture(embed.thumbnail) : null,
    embed.footer ? el("div", { class: "footer", html: wrapEmoji(escapeHtml(embed.footer)) }) : null,
  );
}

function renderAttachment(file) {
  if (file.image) {
    const about = file.description || file.filename;
    return el("div", { class: "attachment" }, picture({ url: file.url, dropped: file.dropped }, about, about));
  }
  return el("div", { class: "attachment" }, el("a", { href: file.url, download: file.filename }, `📎 ${file.filename}`), ` (${file.size} bytes)`);
}

// ---- buttons and selects -------------------------------------------------------------------------

function renderRow(message, row) {
  return el("div", { class: "row" }, row.map((item) => (item.kind === "button" ? renderButton(message, item) : renderSelect(message, item))));
}

function place(item) {
  return { "data-row": item.row, "data-index": item.index };
}

function renderButton(message, button) {
  const face = [
    button.emoji ? el("span", { class: "emoji" }, button.emoji) : null,
    button.text || (button.emoji ? null : button.label),
  ];
  const onlyEmoji = button.emoji && !button.text ? " only-emoji" : "";
  if (button.url) {
    return el("a", { class: `btn link${onlyEmoji}`, href: button.url, target: "_blank", rel: "noopener", ...place(button) }, ...face, " ↗");
  }
  return el(
    "button",
    {
      class: `btn s${button.style}${onlyEmoji}`,
      type: "button",
      disabled: button.disabled,
      "aria-label": button.text ? null : button.label,
      onclick: () => post("click", { user: ui.me, message: message.id, custom_id: button.custom_id }),
      ...place(button),
    },
    ...face,
  );
}

function selectChoices(select) {
  const data = ui.data;
  if (select.select === "user") return data.members.map((m) => ({ label: m.name, value: m.id }));
  if (select.select === "channel") return data.channels.map((c) => ({ label: `#${c.name}`, value: c.id }));
  if (select.select === "role") return data.roles.map((r) => ({ label: r.name, value: r.id }));
  return select.options;
}

function renderSelect(message, select) {
  const multiple = select.max_values > 1;
  const choices = selectChoices(select);
  const chosen = choices.some((o) => o.default);
  const control = el(
    "select",
    {
      multiple,
      disabled: select.disabled,
      "aria-label": select.placeholder,
      size: multiple ? Math.min(6, choices.length) : null,
      ...(multiple ? {} : place(select)),
    },
    multiple ? null : el("option", { value: "", disabled: true, selected: !chosen }, select.placeholder),
    choices.map((o) =>
      el("option", { value: o.value, title: o.description || "", selected: Boolean(o.default) }, o.emoji ? `${o.emoji} ${o.label}` : o.label),
    ),
  );
  const send = () => {
    const values = [...control.selectedOptions].map((o) => o.value).filter(Boolean);
    if (values.length) post("select", { user: ui.me, message: message.id, custom_id: select.custom_id, values });
  };
  if (!multiple) {
    control.addEventListener("change", send);
    return control;
  }
  return el("span", { ...place(select) }, control, " ", el("button", { class: "btn s1", type: "button", onclick: send, disabled: select.disabled }, "Choose"));
}
