import 'leaflet/dist/leaflet.css';
import { useLingui } from '@lingui/react/macro';
import { circleMarker, control, map as leafletMap, tileLayer, type CircleMarker, type Map as LeafletMap } from 'leaflet';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { MapTiles } from './map-tiles.ts';

/*
 * The map of a location field (decision 052): Leaflet, loaded with this chunk only when someone opens the map.
 * Tiles come from the configured server; a tap or a click puts the point there. The map is a convenience: when
 * its tiles cannot be loaded (offline, a blocked server) it says so, and "Use my location" and the typed latitude
 * and longitude still do the job. The marker is a vector circle: no marker images to load.
 *
 * By keyboard (decision 063): the map takes the focus; the arrow keys move the point (north, south, east, west,
 * whatever the reading direction: it is a map) by a tenth of what the map shows, with Shift by a hundredth; Enter or
 * Space puts it at the map's centre when there is none yet; + and - zoom. Each move is announced ("Point:
 * latitude …, longitude …") and fills the typed fields, as a tap does. Leaflet's own keys (which pan the map) are
 * off: panning by keyboard would leave the point behind.
 */

/** The keys the map answers, and the share of the visible map an arrow moves the point by. */
const ARROWS: Record<string, [dLat: number, dLng: number]> = {
  ArrowUp: [1, 0],
  ArrowDown: [-1, 0],
  ArrowRight: [0, 1],
  ArrowLeft: [0, -1],
};

/** Egypt, seen whole, when no point is chosen yet. */
const EGYPT: [number, number] = [26.8, 30.8];
const round = (n: number) => Math.round(n * 1e6) / 1e6;

export default function MapPicker({
  tiles,
  lat,
  lng,
  onPick,
}: {
  tiles: MapTiles;
  lat: number | undefined;
  lng: number | undefined;
  onPick: (lat: number, lng: number) => void;
}) {
  const { t } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<LeafletMap | undefined>(undefined);
  const marker = useRef<CircleMarker | undefined>(undefined);
  const hint = useId();
  const pick = useRef(onPick);
  pick.current = onPick;
  const [tilesFailed, setTilesFailed] = useState(false);
  const has = lat !== undefined && lng !== undefined && Number.isFinite(lat) && Number.isFinite(lng);
  /** What the live region says after a move by keyboard (a tap is seen; a key press is heard). */
  const [said, setSaid] = useState('');

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const m = mapRef.current;
    if (!m || e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
    let next: [number, number] | undefined;
    const step = ARROWS[e.key];
    if (step) {
      const view = m.getBounds();
      const share = e.shiftKey ? 0.01 : 0.1;
      const [fromLat, fromLng] = has ? [lat, lng] : [m.getCenter().lat, m.getCenter().lng];
      next = [
        Math.max(-85, Math.min(85, fromLat + step[0] * share * (view.getNorth() - view.getSouth()))),
        Math.max(-180, Math.min(180, fromLng + step[1] * share * (view.getEast() - view.getWest()))),
      ];
    } else if ((e.key === 'Enter' || e.key === ' ') && !has) next = [m.getCenter().lat, m.getCenter().lng];
    else if (e.key === '+' || e.key === '=') m.zoomIn();
    else if (e.key === '-' || e.key === '_') m.zoomOut();
    else return;
    e.preventDefault();
    if (!next) return;
    const [pLat, pLng] = [round(next[0]), round(next[1])];
    pick.current(pLat, pLng);
    setSaid(t`Point: latitude ${pLat}, longitude ${pLng}`);
  };

  useEffect(() => {
    if (!box.current) return;
    // The controls at the start of the reading direction: the zoom at the top, the attribution at the bottom's end.
    const rtl = document.documentElement.dir === 'rtl';
    const m = leafletMap(box.current, { attributionControl: false, zoomControl: false, keyboard: false });
    control.zoom({ position: rtl ? 'topright' : 'topleft' }).addTo(m);
    control.attribution({ prefix: false, position: rtl ? 'bottomleft' : 'bottomright' }).addTo(m);
    m.setView(has ? [lat, lng] : EGYPT, has ? 16 : 5);
    tileLayer(tiles.tilesUrl, { attribution: tiles.attribution, maxZoom: 19, crossOrigin: true })
      .on('tileerror', () => setTilesFailed(true))
      .addTo(m);
    m.on('click', (e) => pick.current(round(e.latlng.lat), round(e.latlng.lng)));
    mapRef.current = m;
    return () => {
      m.remove();
      mapRef.current = undefined;
      marker.current = undefined;
    };
    // The map is made once; the point follows below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tiles]);

  useEffect(() => {
    const m = mapRef.current;
    if (!m) return;
    if (!has) {
      marker.current?.remove();
      marker.current = undefined;
      return;
    }
    if (marker.current) marker.current.setLatLng([lat, lng]);
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a colour
    else marker.current = circleMarker([lat, lng], { radius: 9, color: '#0b5cad', weight: 3, fillOpacity: 0.5 }).addTo(m);
    m.setView([lat, lng], Math.max(m.getZoom(), 15));
  }, [has, lat, lng]);

  return (
    <div className="flex flex-col gap-2">
      {/* A region that takes the focus and answers the arrow keys (above): the keyboard's way to move the point. */}
      <div
        ref={box}
        data-testid="location-map"
        role="region"
        tabIndex={0}
        aria-label={t`Map: tap to choose the point, or move it with the arrow keys`}
        aria-describedby={hint}
        onKeyDown={onKey}
        className="isolate h-64 w-full overflow-hidden rounded-lg border border-line"
      />
      <p id={hint} className="text-sm text-ink-muted">
        {tilesFailed
          ? t`The map could not be loaded. Use your location or type the latitude and longitude.`
          : t`Tap the map to put the point there, or move it with the arrow keys (Shift for small steps).`}
      </p>
      <p className="sr-only" aria-live="polite" data-testid="map-announcement">
        {said}
      </p>
    </div>
  );
}
