// Writes the US state outlines (us-atlas, TopoJSON, 1:10m) into web/public/geo/ for the offline base layer the map
// shows under its markers when tiles cannot load, and draws from the same atlas (its Albers USA projection, Alaska and
// Hawaii inset) a small picture of the country (us-states.svg) that /map shows in the map's place while the
// interactive map loads: in the page's HTML, before any script, and offline.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { feature, mesh, quantize } from 'topojson-client';
import { presimplify, quantile, simplify } from 'topojson-simplify';

const require = createRequire(import.meta.url);
const geo = path.join(fileURLToPath(new URL('..', import.meta.url)), 'web/public/geo');
fs.mkdirSync(geo, { recursive: true });
const stale = (target, source) => !fs.existsSync(target) || fs.statSync(target).mtimeMs < fs.statSync(source).mtimeMs;
const self = fileURLToPath(import.meta.url);

/**
 * How far the outlines are simplified (topojson-simplify's quantile of Visvalingam's effective areas: points that
 * matter less than this share of the atlas's points are dropped; shared borders stay shared). Leaflet projects every
 * point of the outlines when they are added and again at every zoom: all of them (14,456 in the states' rings) took
 * most of a 55–65 ms task each time on this machine. 0.2 keeps 3,027 of the atlas's 11,781 arc points (3,872 in the
 * rings), drawn under map tiles that carry the detail whenever they load.
 */
const SIMPLIFY_QUANTILE = 0.2;

const source = require.resolve('us-atlas/states-10m.json');
const target = path.join(geo, 'states-10m.json');
if (stale(target, source) || stale(target, self)) {
  const weighted = presimplify(JSON.parse(fs.readFileSync(source, 'utf8')));
  const simple = simplify(weighted, quantile(weighted, SIMPLIFY_QUANTILE));
  // Without the weights presimplify added to each point, and delta-encoded again (quantized) to stay small.
  simple.arcs = simple.arcs.map((arc) => arc.map(([x, y]) => [x, y]));
  fs.writeFileSync(target, JSON.stringify(quantize(simple, 1e5)));
  const points = simple.arcs.reduce((n, arc) => n + arc.length, 0);
  console.log(`[map] wrote simplified state outlines (${points} arc points, ${(fs.statSync(target).size / 1024).toFixed(0)} KB)`);
}

const albers = require.resolve('us-atlas/states-albers-10m.json');
const picture = path.join(geo, 'us-states.svg');
if (stale(picture, albers) || stale(picture, self)) {
  fs.writeFileSync(picture, countrySvg(JSON.parse(fs.readFileSync(albers, 'utf8'))));
  console.log(`[map] drew the country's outline (${(fs.statSync(picture).size / 1024).toFixed(0)} KB)`);
}

/** The nation filled and the state borders drawn, in the atlas's 975 × 610 pixel space, rounded to whole pixels. */
function countrySvg(topo) {
  const rings = (geometry) =>
    geometry.type === 'Polygon' ? geometry.coordinates : geometry.type === 'MultiPolygon' ? geometry.coordinates.flat() : geometry.type === 'MultiLineString' ? geometry.coordinates : [];
  const pathOf = (geometry, close) => {
    let d = '';
    for (const ring of rings(geometry)) {
      const points = [];
      for (const [x, y] of ring) {
        const p = `${Math.round(x)},${Math.round(y)}`;
        if (p !== points.at(-1)) points.push(p);
      }
      if (points.length > (close ? 2 : 1)) d += `M${points.join('L')}${close ? 'Z' : ''}`;
    }
    return d;
  };
  const land = feature(topo, topo.objects.nation).features.map((f) => pathOf(f.geometry, true)).join('');
  const borders = pathOf(mesh(topo, topo.objects.states, (a, b) => a !== b), false);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 975 610" width="975" height="610">' +
    `<path d="${land}" fill="#ecfdf5" stroke="#047857" stroke-width="1.2" stroke-linejoin="round"/>` +
    `<path d="${borders}" fill="none" stroke="#047857" stroke-width="0.6" stroke-opacity="0.7"/></svg>\n`
  );
}
