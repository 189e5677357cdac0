// Map images in the browser: their SHA-256 (the browser's own crypto.subtle), decoding them
// for drawing, and keeping them in IndexedDB under their hash, so an encounter (a link, a file,
// an autosave) names its map by the hash and never carries its pixels.
//
// The rules (which images a map may be, how big, how the grid lies on them) live in Python
// (py/rules/backdrop.py); the page's Python (py/web/backdrop.py) calls these few browser
// services through window.flankwiseMaps, set below. Every function returns a promise and
// rejects with an Error whose message a player reads as it is.
const DATABASE = "flankwise-maps";
const STORE = "images";

let opening = null;

function database() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => { opening = null; reject(new Error("This browser keeps no map images (its storage is off)")); };
      request.onblocked = () => { opening = null; reject(new Error("Another Flankwise tab is updating the map store: reload this tab")); };
    });
  }
  return opening;
}

function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error || new Error("The browser's map store refused"));
  });
}

// The SHA-256 of a blob's bytes, as 64 lower-case hex digits.
async function digest(blob) {
  const hash = await crypto.subtle.digest("SHA-256", await blob.arrayBuffer());
  return Array.from(new Uint8Array(hash), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The first bytes of a blob, which say what kind of file it is.
async function head(blob, count = 64) {
  return new Uint8Array(await blob.slice(0, count).arrayBuffer());
}

// An image decoded for drawing: {bitmap, width, height} (width and height its own, in pixels),
// shrunk by `scale` (at most 1) when it is too big for a browser to draw whole.
async function decode(blob, largestSide = 16384, largestArea = 16384 * 8192) {
  let bitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch (error) {
    throw new Error("This image will not decode: the file is damaged or not an image this browser reads");
  }
  const width = bitmap.width;
  const height = bitmap.height;
  const scale = Math.min(1, largestSide / Math.max(width, height), Math.sqrt(largestArea / (width * height)));
  if (scale < 1) {
    const smaller = await createImageBitmap(bitmap, {
      resizeWidth: Math.max(1, Math.floor(width * scale)),
      resizeHeight: Math.max(1, Math.floor(height * scale)),
      resizeQuality: "high",
    });
    bitmap.close();
    bitmap = smaller;
  }
  return { bitmap, width, height, scale };
}

// Keep `blob` under `hash`; resolves to true, or false when the browser will not keep it (the
// image is then shown for this visit only).
async function keep(hash, blob, name) {
  try {
    const db = await database();
    const store = db.transaction(STORE, "readwrite").objectStore(STORE);
    await done(store.put({ blob, name, kept: Date.now() }, hash));
    return true;
  } catch (error) {
    return false;
  }
}

// The blob kept under `hash`, or null.
async function find(hash) {
  try {
    const db = await database();
    const found = await done(db.transaction(STORE, "readonly").objectStore(STORE).get(hash));
    return found ? found.blob : null;
  } catch (error) {
    return null;
  }
}

// A blob of bytes handed over from Python (a Uint8Array), as an image of `type`.
function blobOf(bytes, type) {
  return new Blob([bytes], { type });
}

// The bytes of a blob, for Python to put in an exported file.
async function bytesOf(blob) {
  return new Uint8Array(await blob.arrayBuffer());
}

window.flankwiseMaps = { digest, head, decode, keep, find, blobOf, bytesOf };
