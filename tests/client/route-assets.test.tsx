import fs from "node:fs";
import path from "node:path";
import { isValidElement, type ReactNode } from "react";
import type { RouteObject } from "react-router-dom";
import { ROUTE_ASSETS, matchRouteAssets } from "../../src/contracts/route-assets";
import { ROUTE_DATA } from "../../src/client/app/routeData";
import { routes } from "../../src/client/app/routes";

/*
 * The route table the server preloads from (contracts/route-assets.ts, ADR 0026) must say what the
 * app's routes really load: every route of routes.tsx is in it with the chunks of the lazy pages
 * its elements (and its layouts') render, and every page's chunk name is the one its import names.
 * A new screen that is not in the table fails here, before it ships without its preloads.
 */
type Found = { path: string; chunks: string[] };

/** The lazy pages' chunk names in an element tree (guards and layouts wrap them). */
function chunksIn(node: ReactNode): string[] {
  if (Array.isArray(node)) return node.flatMap(chunksIn);
  if (!isValidElement(node)) return [];
  const type = node.type as { chunk?: unknown };
  const own = typeof type === "object" || typeof type === "function" ? (typeof type.chunk === "string" ? [type.chunk] : []) : [];
  const props = node.props as { children?: ReactNode; fallback?: ReactNode };
  return [...own, ...chunksIn(props.children)];
}

function leaves(list: readonly RouteObject[], parentPath: string, parentChunks: string[]): Found[] {
  return list.flatMap((route) => {
    const joined = route.path === undefined ? parentPath : route.path.startsWith("/") || parentPath === "" ? route.path : `${parentPath.replace(/\/$/, "")}/${route.path}`;
    const chunks = [...parentChunks, ...chunksIn(route.element)];
    if (route.children?.length) return leaves(route.children, joined, chunks);
    return [{ path: route.index ? parentPath : joined, chunks: [...new Set(chunks)] }];
  });
}

describe("the route table the server preloads from", () => {
  const app = leaves(routes, "", []);

  it("has every route of the app, with the chunks its elements load", () => {
    const table = new Map(ROUTE_ASSETS.map((r) => [r.path, r.chunks]));
    const missing = app.filter((r) => !table.has(r.path)).map((r) => r.path);
    expect(missing).toEqual([]);
    for (const r of app) expect({ path: r.path, chunks: [...(table.get(r.path) ?? [])] }).toEqual(r);
    expect(app.length).toBeGreaterThan(60);
  });

  it("has no route the app does not have", () => {
    const paths = new Set(app.map((r) => r.path));
    expect(ROUTE_ASSETS.map((r) => r.path).filter((p) => !paths.has(p))).toEqual([]);
  });

  it("matches each app route to its own entry", () => {
    const sample = (p: string) => p.replace(/:[A-Za-z]+/g, "x1").replace(/\*$/, "content/c1");
    for (const r of app) expect(matchRouteAssets(sample(r.path))?.route.path).toBe(r.path);
  });

  it("names each lazy page's chunk as its import's webpackChunkName does", () => {
    const source = fs.readFileSync(path.join(__dirname, "../../src/client/app/routes.tsx"), "utf8");
    const pages = [...source.matchAll(/lazyPage\("([^"]+)",\s*\(\)\s*=>\s*import\(\/\* webpackChunkName: "([^"]+)" \*\//g)];
    expect(pages.length).toBe((source.match(/lazyPage\(/g) ?? []).length);
    for (const [, given, named] of pages) expect(given).toBe(named);
  });

  it("marks as data screens exactly those whose data starts at navigation", () => {
    for (const path of Object.keys(ROUTE_DATA)) expect(ROUTE_ASSETS.find((r) => r.path === path)?.data).toBe(true);
    const withData = ROUTE_ASSETS.filter((r) => r.data);
    for (const r of withData) expect(ROUTE_DATA[r.path] !== undefined || r.chunks.includes("route-course")).toBe(true);
  });
});
