import { createContext, useContext } from 'react';

/*
 * The map of location fields (decision 052): the tile server the portal is configured with (MAP_TILES_URL, served
 * in the application data), given by the page that draws a form. None: no map; "Use my location" and the typed
 * latitude and longitude still work.
 */
export type MapTiles = { tilesUrl: string; attribution: string };

export const MapTilesContext = createContext<MapTiles | undefined>(undefined);
export const useMapTiles = (): MapTiles | undefined => useContext(MapTilesContext);
