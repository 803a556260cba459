// Discord's markdown, as its clients draw a message's content, a text display or an embed:
// headings (#, ##, ###), subtext (-#), lists, quotes, code, bold, italics, underline,
// strike-through, spoilers, links (masked too), mentions drawn as names, timestamps, and
// emoji drawn in the page's own emoji font (Twemoji, as Discord does). A backslash before a
// punctuation mark shows the mark itself (the bot escapes names so).
"use strict";

// An emoji as Discord draws one: a character shown as emoji by default, or any pictograph
// asked for as emoji (U+FE0F); with its skin tone, joined sequences, keycaps and flags.
const EMOJI_SOURCE =
  "\\p{Regional_Indicator}{2}|[#*0-9]\\uFE0F?\\u20E3" +
  "|(?:\\p{Emoji_Presentation}|\\p{Extended_Pictographic}\\uFE0F)\\p{Emoji_Modifier}?" +
  "(?:\\u200D\\p{Extended_Pictographic}\\uFE0F?\\p{Emoji_Modifier}?)*";
const EMOJI_IN_HTML = new RegExp(`(<[^>]*>|&[#\\w]+;)|(?:${EMOJI_SOURCE})`, "gu");
const ONLY_EMOJI = new RegExp(`^(?:\\s|${EMOJI_SOURCE})+$`, "u");
const EMOJI = new RegExp(EMOJI_SOURCE, "gu");

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

// Each emoji in its own span (in HTML: tags and entities are left alone).
function wrapEmoji(html) {
  return html.replace(EMOJI_IN_HTML, (match, skipped) => (skipped ? match : `<span class="emoji">${match}</span>`));
}

// Text that is only emoji (at most 27, as Discord) is drawn large.
function onlyEmoji(text) {
  return ONLY_EMOJI.test(text) && (text.match(EMOJI) || []).length <= 27;
}

function markdown(text) {
  if (!text) return "";
  const tokens = []; // drawn pieces no later rule may touch: code, links, escaped marks
  const keep = (html, block = false) => {
    tokens.push(html);
    const mark = block ? "\u0002" : "\u0001";
    return `${mark}${tokens.length - 1}${mark}`;
  };
  text = text.replace(/\\([!-\/:-@\[-`{-~])/g, (_, mark) => keep(escapeHtml(mark)));
  let html = escapeHtml(text).replace(/```(?:[\w+-]*\n)?([\s\S]*?)```/g, (_, code) => keep(`<pre><code>${code.replace(/\n$/, "")}</code></pre>`, true));
  html = blocks(html.split("\n"), inline(keep));
  for (let depth = 0; depth < 3 && /[\u0001\u0002]/.test(html); depth++) {
    html = html.replace(/([\u0001\u0002])(\d+)\1/g, (_, __, index) => tokens[Number(index)]);
  }
  return wrapEmoji(html);
}

// Lines to blocks: headings, subtext, quotes, lists, code blocks, and lines of text.
function blocks(lines, format) {
  const out = [];
  let text = [];
  const flush = () => {
    if (text.length) out.push(text.map(format).join("<br>"));
    text = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    let found;
    if (/^\u0002\d+\u0002$/.test(line)) {
      flush();
      out.push(line); // a code block
    } else if ((found = /^(#{1,3}) +(\S.*)$/.exec(line))) {
      flush();
      const level = found[1].length;
      out.push(`<h${level}>${format(found[2])}</h${level}>`);
      while (lines[i + 1] === "") i += 1; // as Discord, a heading takes the blank lines after it
    } else if ((found = /^-# +(\S.*)$/.exec(line))) {
      flush();
      out.push(`<small class="sub">${format(found[1])}</small>`);
    } else if (/^&gt;&gt;&gt; /.test(line)) {
      flush();
      out.push(`<blockquote>${blocks([line.slice(13), ...lines.slice(i + 1)], format)}</blockquote>`);
      break;
    } else if (/^&gt; /.test(line)) {
      flush();
      const quoted = [];
      for (; i < lines.length && /^&gt; /.test(lines[i]); i++) quoted.push(lines[i].slice(5));
      i -= 1;
      out.push(`<blockquote>${blocks(quoted, format)}</blockquote>`);
    } else if (/^ *(?:[-*]|\d{1,9}\.) +\S/.test(line)) {
      flush();
      const items = [];
      for (; i < lines.length && /^ *(?:[-*]|\d{1,9}\.) +\S/.test(lines[i]); i++) items.push(lines[i]);
      while (lines[i] === "") i += 1; // and so does a list
      i -= 1;
      out.push(list(items, format));
    } else {
      text.push(line);
    }
  }
  flush();
  return out.join("");
}

// Consecutive list items, nested by their indentation.
function list(items, format) {
  let html = "";
  const open = [];
  for (const item of items) {
    const [, spaces, marker, rest] = /^( *)([-*]|\d{1,9}\.) +(.*)$/.exec(item);
    const indent = spaces.length;
    while (open.length && indent < open[open.length - 1].indent) html += `</li></${open.pop().tag}>`;
    const tag = marker.endsWith(".") ? "ol" : "ul";
    if (open.length && indent === open[open.length - 1].indent && tag !== open[open.length - 1].tag) {
      html += `</li></${open.pop().tag}>`; // a numbered list after bullets, or the other way round
    }
    const top = open[open.length - 1];
    if (!top || indent > top.indent) {
      const start = tag === "ol" && parseInt(marker, 10) !== 1 ? ` start="${parseInt(marker, 10)}"` : "";
      html += `<${tag}${start}>`;
      open.push({ indent, tag });
    } else {
      html += "</li>";
    }
    html += `<li><span class="line">${format(rest)}</span>`;
  }
  while (open.length) html += `</li></${open.pop().tag}>`;
  return html;
}

// A line's inline marks; `keep` takes out what later rules must not touch.
function inline(keep) {
  return (line) =>
    line
      .replace(/(``?)(.+?)\1/g, (_, __, code) => keep(`<code>${code}</code>`))
      .replace(/\[([^\]]+)\]\((?:&lt;)?(https?:\/\/[^\s)]+?)(?:&gt;)?\)/g, (_, label, url) => keep(link(url, label)))
      .replace(/&lt;(https?:\/\/[^\s]+?)&gt;/g, (_, url) => keep(link(url, url)))
      .replace(JUMP, (url, channel, message) => keep(link(url, jumpLabel(channel, message))))
      .replace(/https?:\/\/[^\s<]+[^\s<.,:;"')\]!?]/g, (url) => keep(link(url, url)))
      .replace(/\*\*\*(.+?)\*\*\*/g, "<strong><em>$1</em></strong>")
      .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
      .replace(/__(.+?)__/g, "<u>$1</u>")
      .replace(/\*(?!\s)(.+?)\*/g, "<em>$1</em>")
      .replace(/(^|[^\w])_(.+?)_(?![\w])/g, "$1<em>$2</em>")
      .replace(/~~(.+?)~~/g, "<s>$1</s>")
      .replace(/\|\|(.+?)\|\|/g, '<span class="spoiler" title="Spoiler: click to show">$1</span>')
      .replace(/&lt;@!?(\d+)&gt;/g, (_, id) => mention(nameOf("user", id), id))
      .replace(/&lt;@&amp;(\d+)&gt;/g, (_, id) => mention(nameOf("role", id)))
      .replace(/&lt;#(\d+)&gt;/g, (_, id) => mention(nameOf("channel", id)))
      .replace(/&lt;\/([\w -]+):\d+&gt;/g, (_, name) => mention(`/${name}`))
      .replace(/&lt;a?:(\w+):\d+&gt;/g, ":$1:")
      .replace(/&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;/g, (_, unix, style) => `<time${style === "R" ? ` data-relative="${unix}"` : ""}>${escapeHtml(timestamp(Number(unix), style))}</time>`);
}

// A link to a message or channel of this server opens it in the page (as in Discord's app),
// drawn as Discord draws one: "#channel › message".
const JUMP = /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/channels\/(?:\d+|@me)\/(\d+)(?:\/(\d+))?/g;

function jumpLabel(channel, message) {
  return `${escapeHtml(nameOf("channel", channel))}${message ? " › message" : ""}`;
}

function link(url, label) {
  const jump = new RegExp(JUMP.source).exec(url.replace(/&amp;/g, "&"));
  if (jump) {
    const target = `data-channel="${jump[1]}"${jump[2] ? ` data-message="${jump[2]}"` : ""}`;
    return `<a class="${label.startsWith("#") ? "mention " : ""}jump" href="${url}" ${target}>${label}</a>`;
  }
  return `<a href="${url}" target="_blank" rel="noopener">${label}</a>`;
}

function mention(name, user = null) {
  return `<span class="mention"${user ? ` data-user="${user}"` : ""}>${escapeHtml(name)}</span>`;
}
