/// <reference lib="webworker" />
// Builds the map's cluster index off the page's thread, for lists of results too long to index there without a
// pause (cluster-index.ts), and answers the map's questions about it.
import { clusterResponder, type ClusterRequest } from './cluster-index';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const respond = clusterResponder();

scope.onmessage = ({ data }: MessageEvent<ClusterRequest>) => {
  const answer = respond(data);
  if (answer) scope.postMessage(answer);
};
