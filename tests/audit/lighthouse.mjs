// Lighthouse on many pages in one Node process and one Chromium: the site audits' runner.
//
//   node tests/audit/lighthouse.mjs --chrome PATH --form-factor mobile|desktop
//        [--categories accessibility,best-practices,seo] [--runs N] [--fast] [--lhr-dir DIR]
//        --out FILE URL...
//
// Writes FILE: one JSON record per page and run (every page once, then again for --runs):
//   {url, run, formFactor, scores: {category: 0..100}, failing: [{id, category, title, score,
//    items: [text]}], metrics: {tbt_ms, lcp_ms, fcp_ms, cls, si_ms, tti_ms}, runtimeError,
//    runWarnings, mainThread: {group: ms}, error}
// An audit counts as failing when it carries weight in a category and scores below 1.
// --fast: see fastSettings (accessibility, best practices and SEO; performance runs keep every
// Lighthouse default). --lhr-dir keeps each full report (and, for performance, the trace) to study
// where time goes.
// Chromium: --headless=new --no-sandbox (root, containers); nothing leaves 127.0.0.1 (the site
// loads nothing from other hosts, and the tests check that separately).

import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import defaultConfig from "lighthouse/core/config/default-config.js";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

function parse(argv) {
  const args = { categories: null, runs: 1, fast: false, lhrDir: null, urls: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === "--chrome") args.chrome = next();
    else if (a === "--form-factor") args.formFactor = next();
    else if (a === "--categories") args.categories = next().split(",");
    else if (a === "--runs") args.runs = Number(next());
    else if (a === "--out") args.out = next();
    else if (a === "--lhr-dir") args.lhrDir = next();
    else if (a === "--fast") args.fast = true;
    else if (a.startsWith("--")) throw new Error(`unknown option ${a}`);
    else args.urls.push(a);
  }
  if (!args.chrome || !args.out || !["mobile", "desktop"].includes(args.formFactor) || !args.urls.length) {
    throw new Error("usage: lighthouse.mjs --chrome PATH --form-factor mobile|desktop --out FILE URL...");
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
    if (categoryId === "performance") continue;
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

function metric(lhr, id) {
  const audit = lhr.audits[id];
  return audit && typeof audit.numericValue === "number" ? Math.round(audit.numericValue * 1000) / 1000 : null;
}

function mainThread(lhr) {
  const audit = lhr.audits["mainthread-work-breakdown"];
  const items = (audit && audit.details && audit.details.items) || [];
  return Object.fromEntries(items.map((i) => [i.group, Math.round(i.duration)]));
}

// --fast: only the audits that carry weight in the categories asked for (the scores are the same),
// and no waiting for quiet beyond what a loaded page needs. throttlingMethod stays "simulate":
// any other forces 5.25 s quiet windows per page.
function fastSettings(categories) {
  if (categories.includes("performance")) throw new Error("--fast is for accessibility, best practices and SEO");
  const weighted = categories.flatMap((id) =>
    defaultConfig.categories[id].auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id),
  );
  return {
    onlyAudits: [...new Set(weighted)],
    skipAboutBlank: true,
    disableFullPageScreenshot: true,
    pauseAfterFcpMs: 0,
    pauseAfterLoadMs: 0,
    networkQuietThresholdMs: 100,
    cpuQuietThresholdMs: 0,
  };
}

async function main() {
  const args = parse(process.argv.slice(2));
  const config = args.formFactor === "desktop" ? desktopConfig : { extends: "lighthouse:default" };
  const settings = {
    ...(config.settings || {}),
    ...(args.categories ? { onlyCategories: args.categories } : {}),
    ...(args.fast ? fastSettings(args.categories) : {}),
    // Performance alone (./dev bench): every default, but no screenshots (they carry no weight).
    ...(args.categories && args.categories.join() === "performance"
      ? { skipAudits: ["screenshot-thumbnails", "final-screenshot"], disableFullPageScreenshot: true }
      : {}),
  };
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
    for (let run = 1; run <= args.runs; run++) {
      for (const url of args.urls) {
        const record = { url, run, formFactor: args.formFactor };
        try {
          const result = await lighthouse(
            url,
            { port: chrome.port, output: "json", logLevel: "error" },
            { ...config, settings },
          );
          const lhr = result.lhr;
          record.finalUrl = lhr.finalDisplayedUrl;
          record.scores = Object.fromEntries(
            Object.entries(lhr.categories).map(([id, c]) => [id, c.score === null ? null : Math.round(c.score * 100)]),
          );
          record.failing = failingAudits(lhr);
          record.metrics = {
            tbt_ms: metric(lhr, "total-blocking-time"),
            lcp_ms: metric(lhr, "largest-contentful-paint"),
            fcp_ms: metric(lhr, "first-contentful-paint"),
            si_ms: metric(lhr, "speed-index"),
            tti_ms: metric(lhr, "interactive"),
            cls: metric(lhr, "cumulative-layout-shift"),
            dom_size: metric(lhr, "dom-size"),
          };
          record.mainThread = mainThread(lhr);
          record.runtimeError = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null;
          record.runWarnings = lhr.runWarnings;
          if (args.lhrDir) {
            fs.mkdirSync(args.lhrDir, { recursive: true });
            const name = `${args.formFactor}-${new URL(url).pathname.replace(/[^\w]+/g, "_")}-${run}`;
            fs.writeFileSync(path.join(args.lhrDir, `${name}.json`), result.report);
            if (result.artifacts && result.artifacts.Trace) {
              fs.writeFileSync(path.join(args.lhrDir, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
            }
          }
        } catch (error) {
          record.error = String((error && error.stack) || error);
        }
        records.push(record);
        process.stderr.write(
          `lighthouse ${args.formFactor} ${url} run ${run}: ${record.error ? "ERROR" : JSON.stringify(record.scores)}\n`,
        );
      }
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
