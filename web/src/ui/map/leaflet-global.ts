// Leaflet plugins written as UMD (markercluster) extend the global `L`; expose it before they load.
import L from 'leaflet';

(globalThis as unknown as { L: typeof L }).L = L;
export default L;
