export interface SrcsetCandidate {
  url: string;
  /** Width in pixels for a `w` descriptor. */
  width?: number;
  /** Pixel density for an `x` descriptor (1 when the candidate has no descriptor). */
  density?: number;
}

/** Parses a `srcset` attribute; URLs may contain commas, as the HTML spec allows. */
export function parseSrcset(srcset: string): SrcsetCandidate[] {
  const candidates: SrcsetCandidate[] = [];
  let position = 0;
  while (position < srcset.length) {
    while (position < srcset.length && /[\s,]/.test(srcset[position]!)) position++;
    if (position >= srcset.length) break;
    let end = position;
    while (end < srcset.length && !/\s/.test(srcset[end]!)) end++;
    let url = srcset.slice(position, end);
    position = end;
    let descriptor = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      const comma = srcset.indexOf(',', position);
      const stop = comma === -1 ? srcset.length : comma;
      descriptor = srcset.slice(position, stop).trim();
      position = stop + 1;
    }
    if (url) candidates.push(withDescriptor(url, descriptor));
  }
  return candidates;
}

function withDescriptor(url: string, descriptor: string): SrcsetCandidate {
  const width = /^(\d+)w$/i.exec(descriptor);
  if (width) return { url, width: Number(width[1]) };
  const density = /^(\d*\.?\d+)x$/i.exec(descriptor);
  return { url, density: density ? Number(density[1]) : 1 };
}

/** The candidate with the most pixels: width descriptors win over density ones, as they are more specific. */
export function largestCandidate(candidates: SrcsetCandidate[]): SrcsetCandidate | undefined {
  let best: SrcsetCandidate | undefined;
  for (const candidate of candidates) {
    if (!best) best = candidate;
    else if (candidate.width !== undefined) {
      if (best.width === undefined || candidate.width > best.width) best = candidate;
    } else if (best.width === undefined && (candidate.density ?? 1) > (best.density ?? 1)) {
      best = candidate;
    }
  }
  return best;
}
