import 'leaflet/dist/leaflet.css';
import { useLingui } from '@lingui/react/macro';
import { circleMarker, control, map as leafletMap, tileLayer, type CircleMarker, type Map as LeafletMap } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import type { MapTiles } from './map-tiles.ts';

/*
 * The map of a location field (decision 052): Leaflet, loaded with this chunk only when someone opens the map.
 * Tiles come from the configured server; a tap or a click puts the point there. The map is a convenience: when
 * its tiles cannot be loaded (offline, a blocked server) it says so, and "Use my location" and the typed latitude
 * and longitude still do the job. The marker is a vector circle: no marker images to load.
 */

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
  const pick = useRef(onPick);
  pick.current = onPick;
  const [tilesFailed, setTilesFailed] = useState(false);
  const has = lat !== undefined && lng !== undefined && Number.isFinite(lat) && Number.isFinite(lng);

  useEffect(() => {
    if (!box.current) return;
    // The controls at the start of the reading direction: the zoom at the top, the attribution at the bottom's end.
    const rtl = document.documentElement.dir === 'rtl';
    const m = leafletMap(box.current, { attributionControl: false, zoomControl: false });
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
      <div
        ref={box}
        data-testid="location-map"
        role="region"
        aria-label={t`Map: tap to choose the point`}
        className="isolate h-64 w-full overflow-hidden rounded-lg border border-line"
      />
      <p className="text-sm text-ink-muted">
        {tilesFailed
          ? t`The map could not be loaded. Use your location or type the latitude and longitude.`
          : t`Tap the map to put the point there.`}
      </p>
    </div>
  );
}
