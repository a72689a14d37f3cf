// Writes route-manifest.json next to index.html: each named lazy chunk group (route-*, i18n-*,
// route-data...) -> the JS and CSS files it loads beyond the entry's. The server reads it to
// preload a screen's files from the first HTML response (src/server/platform/index-page.ts, ADR 0026).
const webpack = require("webpack");

const NAME = "RouteManifestPlugin";

class RouteManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      // REPORT: after the real content hashes have renamed the files.
      compilation.hooks.processAssets.tap({ name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const publicPath = String(compilation.outputOptions.publicPath ?? "/");
        const inEntry = new Set();
        for (const entry of compilation.entrypoints.values()) for (const chunk of entry.chunks) for (const file of chunk.files) inEntry.add(file);
        const groups = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          if (compilation.entrypoints.has(name)) continue;
          const files = new Set();
          for (const chunk of group.chunks) for (const file of chunk.files) if (/\.(js|css)$/.test(file) && !inEntry.has(file)) files.add(file);
          // Scripts first: the page's code is what it waits on longest.
          groups[name] = [...files].sort((a, b) => Number(a.endsWith(".css")) - Number(b.endsWith(".css"))).map((f) => publicPath + f);
        }
        compilation.emitAsset("route-manifest.json", new webpack.sources.RawSource(JSON.stringify({ groups })));
      });
    });
  }
}

module.exports = { RouteManifestPlugin };
