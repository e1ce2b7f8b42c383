// Lighthouse on many pages in one Node process and one Chromium: the weekly site audits' runner.
//
//   node tests/audit/lighthouse.mjs --chrome PATH --categories accessibility,best-practices,seo --out FILE URL...
//
// Lighthouse's default (mobile) emulation, those categories' audits, no waiting beyond what they need
// (QUICK). Writes FILE: one JSON record per page:
//   {url, scores: {category: 0..100}, failing: [{id, category, title, score, items: [text]}], error}
// error: why Lighthouse could not audit the page (its own runtime error, or one it raised), if it could not.
// An audit counts as failing when it carries weight in a category and scores below 1.
// Chromium: --headless=new --no-sandbox (root, containers); nothing leaves 127.0.0.1 (the site
// loads nothing from other hosts, and the tests check that separately).

import fs from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

function parse(argv) {
  const args = { urls: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === "--chrome") args.chrome = next();
    else if (a === "--categories") args.categories = next().split(",");
    else if (a === "--out") args.out = next();
    else if (a.startsWith("--")) throw new Error(`unknown option ${a}`);
    else args.urls.push(a);
  }
  if (!args.chrome || !args.categories || !args.out || !args.urls.length) {
    throw new Error("usage: lighthouse.mjs --chrome PATH --categories LIST --out FILE URL...");
  }
  return args;
}

function itemText(item) {
  if (item.node) return `${item.node.selector || ""} ${item.node.snippet || ""} ${item.node.explanation || ""}`.trim();
  if (item.source && item.source.type === "node") return `${item.source.selector || ""} ${item.source.snippet || ""}`.trim();
  if (item.source && item.source.type === "source-location") {
    return `${item.selector || ""} ${item.fontSize || ""} ${item.coverage || ""} (${item.source.url}:${item.source.line})`;
  }
  if (item.source && item.source.url) return `${item.description || ""} ${item.source.url}`.trim();
  for (const key of ["url", "description", "source", "value"]) {
    if (typeof item[key] === "string") return item[key];
  }
  return JSON.stringify(item).slice(0, 300);
}

function failingAudits(lhr) {
  const failing = [];
  for (const [categoryId, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!ref.weight || audit.score === null || audit.score >= 1) continue;
      const items = (audit.details && audit.details.items) || [];
      failing.push({
        id: ref.id,
        category: categoryId,
        title: audit.title,
        score: audit.score,
        items: items.slice(0, 8).map(itemText),
        ...(audit.explanation ? { explanation: audit.explanation } : {}),
      });
    }
  }
  return failing;
}

// No waiting for quiet beyond what a loaded page needs: not for performance, which these audits do not
// measure. throttlingMethod stays "simulate": any other forces 5.25 s quiet windows per page.
const QUICK = {
  skipAboutBlank: true,
  disableFullPageScreenshot: true,
  pauseAfterFcpMs: 0,
  pauseAfterLoadMs: 0,
  networkQuietThresholdMs: 100,
  cpuQuietThresholdMs: 0,
};

async function main() {
  const args = parse(process.argv.slice(2));
  const settings = { onlyCategories: args.categories, ...QUICK };
  const chrome = await chromeLauncher.launch({
    chromePath: args.chrome,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    logLevel: "silent",
  });
  const records = [];
  try {
    for (const url of args.urls) {
      const record = { url };
      try {
        const { lhr } = await lighthouse(
          url,
          { port: chrome.port, logLevel: "error" },
          { extends: "lighthouse:default", settings },
        );
        record.scores = Object.fromEntries(
          Object.entries(lhr.categories).map(([id, c]) => [id, c.score === null ? null : Math.round(c.score * 100)]),
        );
        record.failing = failingAudits(lhr);
        if (lhr.runtimeError) record.error = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
      } catch (error) {
        record.error = String((error && error.stack) || error);
      }
      records.push(record);
      process.stderr.write(`lighthouse ${url}: ${record.error ? "ERROR" : JSON.stringify(record.scores)}\n`);
    }
  } finally {
    await chrome.kill();
  }
  fs.writeFileSync(args.out, JSON.stringify(records, null, 1) + "\n");
}

main().catch((error) => {
  process.stderr.write(`lighthouse.mjs: ${(error && error.stack) || error}\n`);
  process.exit(2);
});
