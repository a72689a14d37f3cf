// Client build: src/client/main.tsx -> dist/client. Production names carry a content hash (the
// server caches /\.[0-9a-f]{8,}\./ as immutable) and emit dist/client/stats.json, from which
// tests/perf/bundle.ts computes each route's initial JS (entry + its "route-*" chunk group).
const fs = require("node:fs");
const path = require("node:path");
const zlib = require("node:zlib");
const CompressionPlugin = require("compression-webpack-plugin");
const CopyPlugin = require("copy-webpack-plugin");
const HtmlPlugin = require("html-webpack-plugin");
const MiniCssExtractPlugin = require("mini-css-extract-plugin");
const MinimizerPlugin = require("minimizer-webpack-plugin");
const webpack = require("webpack");
const { createLightTheme } = require("@fluentui/tokens");
const { RouteManifestPlugin } = require("./scripts/route-manifest-plugin.cjs");

/** Text assets worth sending compressed (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|vtt|ttf|otf)$/;

const ROOT = __dirname;
// AULA_CLIENT_DIST: another output folder (parallel builds measured side by side); the server reads CLIENT_DIST.
const OUT = process.env.AULA_CLIENT_DIST ? path.resolve(process.env.AULA_CLIENT_DIST) : path.join(ROOT, "dist/client");

/** Libraries and features that only some routes may load (see tests/perf/bundle.ts). */
const HEAVY_LIBRARIES = [
  ["pdfjs", /\/node_modules\/pdfjs-dist\//],
  ["scorm-again", /\/node_modules\/scorm-again\//],
  ["socket.io", /\/node_modules\/(socket\.io-client|engine\.io-client)\//],
  ["qrcode", /\/node_modules\/qrcode\//],
  ["projection", /\/src\/client\/features\/projection\//],
  ["mathlive", /\/node_modules\/mathlive\//],
  ["katex", /\/node_modules\/katex\//],
  ["zod", /\/node_modules\/zod\//],
  ["chart.js", /\/node_modules\/(chart\.js|@kurkle\/color)\//],
  ["mermaid", /\/node_modules\/(mermaid|@mermaid-js|cytoscape|d3-[a-z-]+|dagre-d3-es|khroma|roughjs)\//],
];

/** Writes the stats the bundle benchmark reads: assets, chunks with origins, entrypoints, chunk groups. */
class StatsFilePlugin {
  apply(compiler) {
    compiler.hooks.done.tap("StatsFilePlugin", (stats) => {
      const json = stats.toJson({
        all: false,
        hash: true,
        publicPath: true,
        assets: true,
        chunks: true,
        chunkOrigins: true,
        chunkRelations: true,
        chunkModules: false,
        entrypoints: true,
        chunkGroups: true,
        ids: true,
        errors: true,
        warnings: true,
      });
      // Which chunks hold the heavy libraries (the bundle check keeps them off routes that do not use them).
      const { chunkGraph } = stats.compilation;
      json.heavyChunks = {};
      for (const chunk of stats.compilation.chunks) {
        const libs = new Set();
        for (const mod of chunkGraph.getChunkModulesIterable(chunk)) {
          // A concatenated module holds several source modules.
          for (const inner of mod.modules ?? [mod]) {
            const resource = (inner.resource ?? "").replace(/\\/g, "/");
            for (const [lib, pattern] of HEAVY_LIBRARIES) if (pattern.test(resource)) libs.add(lib);
          }
        }
        if (libs.size > 0) json.heavyChunks[chunk.id] = [...libs].sort();
      }
      fs.mkdirSync(OUT, { recursive: true });
      fs.writeFileSync(path.join(OUT, "stats.json"), JSON.stringify(json));
    });
  }
}

/**
 * Fluent's light theme as static CSS custom properties, and which of its tokens follow the brand.
 * The theme is ~460 tokens (~9 KiB gzip of JS in the entry); only the 49 brand tokens depend on
 * the edition, so the app computes those at run time (app/theme.ts) and the rest ship as CSS.
 */
function fluentLightTheme() {
  const shades = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160];
  const probe = (tag) => Object.fromEntries(shades.map((shade) => [shade, `#${tag}${String(shade).padStart(3, "0")}`]));
  const a = createLightTheme(probe("aa"));
  const b = createLightTheme(probe("bb"));
  const brandTokens = Object.keys(a)
    .filter((k) => a[k] !== b[k])
    .map((k) => [k, Number(String(a[k]).slice(3))]);
  const brandKeys = new Set(brandTokens.map(([k]) => k));
  const vars = Object.entries(a).filter(([k]) => !brandKeys.has(k)).map(([k, v]) => `--${k}:${v};`);
  return { css: `:root{${vars.join("")}}\n`, brandTokens };
}
const FLUENT_LIGHT = fluentLightTheme();

/** Emits the static light-theme CSS and links it first in index.html's head. */
class FluentThemeCssPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap("FluentThemeCssPlugin", (compilation) => {
      const hash = require("node:crypto").createHash("sha256").update(FLUENT_LIGHT.css).digest("hex").slice(0, 10);
      const file = `css/fluent-light.${hash}.css`;
      compilation.hooks.processAssets.tap({ name: "FluentThemeCssPlugin", stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(file, new webpack.sources.RawSource(FLUENT_LIGHT.css));
      });
      HtmlPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap("FluentThemeCssPlugin", (data) => {
        data.headTags.unshift({ tagName: "link", voidTag: true, meta: { plugin: "FluentThemeCssPlugin" }, attributes: { rel: "stylesheet", href: `/${file}` } });
        return data;
      });
    });
  }
}

// Libraries every screen needs (React, router, Redux, i18next, Fluent's core), in one chunk apart
// from the app's code so a release that only changes app code keeps them cached. One chunk, not
// two: each extra file costs gzip overhead against the login budget. "initial" only: the same
// libraries' lazy-only parts stay in route chunks.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@reduxjs|redux|react-redux|immer|reselect|redux-thunk|i18next|react-i18next|i18next-resources-to-backend|use-sync-external-store)[\\/]/;
const FLUENT = /[\\/]node_modules[\\/](@fluentui|@griffel|@floating-ui|tabster|keyborg|@swc[\\/]helpers|rtl-css-js|stylis|@emotion)[\\/]/;

/**
 * Build-time rewrites of Fluent imports (ADR 0027), in the app's files and Fluent's own: theme token
 * reads written out as their CSS variables (the token map stays out of the bundles), and icons
 * imported from each icon's module rather than the package's 100-icon "chunk" modules.
 */
const FLUENT_LOADERS = [path.join(ROOT, "scripts/fluent-tokens-loader.cjs"), path.join(ROOT, "scripts/fluent-icons-loader.cjs")];
const REACT_ROUTER_PROD = (file) => path.join(__dirname, "node_modules/react-router/dist/production", file);
const notLogin = (chunk) => chunk.name !== "route-login";
// RTK Query and the app's one API module (with its refresh lock): every signed-in screen and the
// route-data starters import them, the sign-in screens never (ADR 0031).
const RTK_QUERY = /[\\/]node_modules[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]|[\\/]src[\\/]client[\\/]app[\\/](api|mutex)\.ts$/;

module.exports = (_env, argv) => {
  const prod = argv.mode !== "development";
  const hashed = (ext) => (prod ? `[name].[contenthash:10].${ext}` : `[name].${ext}`);
  // Lazy chunks are named by id in production: the runtime lists every chunk's file name, so
  // short names keep the entry smaller (stats.json still maps names to files).
  const lazyHashed = (ext) => (prod ? `[id].[contenthash:8].${ext}` : `[name].${ext}`);
  return {
    mode: prod ? "production" : "development",
    context: ROOT,
    entry: { main: "./src/client/main.tsx" },
    output: {
      path: OUT,
      publicPath: "/",
      filename: `js/${hashed("js")}`,
      chunkFilename: `js/${lazyHashed("js")}`,
      assetModuleFilename: prod ? "assets/[name].[contenthash:10][ext]" : "assets/[name][ext]",
      clean: true,
    },
    devtool: prod ? "source-map" : "eval-cheap-module-source-map",
    resolve: {
      extensions: [".tsx", ".ts", ".mjs", ".js", ".json"],
      // react-router 7 exports only its development build (dev warnings on, ENABLE_DEV_WARNINGS);
      // its production build is the same code with them off. Both entry points, or two routers load.
      alias: prod ? { "react-router$": REACT_ROUTER_PROD("index.mjs"), "react-router/dom$": REACT_ROUTER_PROD("dom-export.mjs") } : {},
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: [
            // Last: the app's makeStyles compiled ahead of time into Griffel's __styles (as Fluent
            // ships its own), so no route loads Griffel's style compiler or computes styles at run
            // time (ADR 0027). Modules a style imports are evaluated from source, hence TypeScript.
            { loader: "@griffel/webpack-loader", options: { babelOptions: { presets: [["@babel/preset-typescript", { isTSX: true, allExtensions: true }]] } } },
            {
              loader: "swc-loader",
              options: {
                jsc: {
                  parser: { syntax: "typescript", tsx: true },
                  transform: { react: { runtime: "automatic", development: !prod } },
                  // Evergreen browsers and Teams' WebView2: no down-levelling needed beyond ES2022.
                  target: "es2022",
                },
                sourceMaps: true,
              },
            },
            // Run first (loaders apply right to left): on the TypeScript source, see FLUENT_LOADERS.
            ...FLUENT_LOADERS,
          ],
        },
        { test: /\.m?js$/, include: /[\\/]node_modules[\\/]@fluentui[\\/]/, use: FLUENT_LOADERS },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, "css-loader"] },
        { test: /\.(svg|png|jpe?g|gif|webp|woff2?)$/, type: "asset/resource" },
      ],
    },
    optimization: {
      // The runtime rides in the entry chunk: a file of its own costs more than it saves.
      runtimeChunk: false,
      moduleIds: prod ? "deterministic" : "named",
      chunkIds: prod ? "deterministic" : "named",
      splitChunks: {
        chunks: "all",
        // A shared chunk only from 60 kB of source (webpack's default: 20 kB): over HTTP/1.1 and a
        // slow link a screen's extra request costs more than a small module copied into two route
        // chunks. Measured in ADR 0027 (20/30/40/60/100 kB): fewer files and fewer bytes on every
        // screen's first load; what grows is the copies a reader meets when moving between screens.
        minSize: 60_000,
        cacheGroups: {
          vendor: { test: (m) => FRAMEWORK.test(m.resource ?? "") || FLUENT.test(m.resource ?? ""), name: "vendor", chunks: "initial", priority: 30, enforce: true },
          // The login is the first screen most readers see: its route chunk keeps everything it uses
          // (one file after the entry); other screens share their copies of those modules as usual.
          // One named chunk, so the server preloads it with any signed-in screen (route manifest).
          // The class layout and the class home share some modules (Fluent pieces, course helpers):
          // one chunk for both instead of a copy in each; the class's other tabs and its lessons
          // load the layout without the home (ADR 0031).
          "course-shared": { name: "course-shared", chunks: (chunk) => chunk.name === "route-course" || chunk.name === "route-course-home", minChunks: 2, priority: 20, enforce: true },
          "rtk-query": { test: (m) => RTK_QUERY.test(m.resource ?? ""), name: "rtk-query", chunks: "async", priority: 25, enforce: true },
          defaultVendors: { test: /[\\/]node_modules[\\/]/, chunks: notLogin, priority: -10, reuseExistingChunk: true },
          default: { minChunks: 2, chunks: notLogin, priority: -20, reuseExistingChunk: true },
        },
      },
      minimize: prod,
      minimizer: [
        new MinimizerPlugin({
          // pdf.js ships its worker already minified; re-minifying 1 MB buys nothing.
          exclude: /pdf\.worker/,
          minify: [
            { implementation: MinimizerPlugin.swcMinify, options: { compress: { passes: 2 }, mangle: true } },
            { implementation: webpack.css.cssMinify },
          ],
        }),
      ],
    },
    plugins: [
      new HtmlPlugin({ template: "src/client/index.html", inject: "head", scriptLoading: "defer" }),
      new MiniCssExtractPlugin({ filename: `css/${hashed("css")}`, chunkFilename: `css/${lazyHashed("css")}` }),
      new CopyPlugin({
        patterns: [
          { from: "public", to: "." },
          // The server inlines the first screen's translations into its HTML from these copies
          // (src/server/platform/index-page.ts, ADR 0031); later screens load them as chunks.
          { from: "src/client/i18n/locales", to: "i18n/locales" },
          { from: "src/client/i18n/regional", to: "i18n/regional" },
          // pdf.js fetches these only for PDFs that do not embed their standard fonts.
          { from: "node_modules/pdfjs-dist/standard_fonts", to: "pdfjs/standard_fonts" },
          // MathLive's math fonts (cloze math answers); MathfieldElement.fontsDirectory points here.
          { from: "node_modules/mathlive/fonts", to: "mathlive/fonts" },
        ],
      }),
      new FluentThemeCssPlugin(),
      new webpack.DefinePlugin({ __FLUENT_LIGHT_BRAND_TOKENS__: JSON.stringify(FLUENT_LIGHT.brandTokens) }),
      new StatsFilePlugin(),
      new RouteManifestPlugin(),
      // Pre-compressed copies the server sends to browsers that accept them (@fastify/static's
      // preCompressed): the JS a route fetches shrinks about 4x without compressing per request.
      ...(prod
        ? [
            new CompressionPlugin({ algorithm: "gzip", test: COMPRESSIBLE, threshold: 1024, minRatio: 0.9 }),
            new CompressionPlugin({
              algorithm: "brotliCompress",
              filename: "[path][base].br",
              test: COMPRESSIBLE,
              threshold: 1024,
              minRatio: 0.9,
              // Quality 11 (the default) costs several times the build time for about 4 % less.
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } },
            }),
          ]
        : []),
    ],
    // The budget that matters (login route initial JS) is checked by tests/perf/bundle.ts.
    performance: { hints: false },
    stats: "errors-warnings",
    watchOptions: { ignored: /node_modules|dist/ },
  };
};
