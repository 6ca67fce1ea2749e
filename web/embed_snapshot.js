// PNG snapshots of the canvas area (handle.snapshot(), the Save PNG button). The WebGL drawing buffer
// is cleared once the page composites it, so the pixels are read right after a frame the widget drew:
// the module is asked for a frame (pl_request_snapshot), and after each main-loop iteration
// (Module.postMainLoop -> afterMainLoop) pl_snapshot_area says whether that frame is there and where
// the canvas area is. The pixels are then cropped to that area and encoded.
export function createSnapshots(canvas, wasm) {
  let pending = null;  // {promise, resolve, reject} while a snapshot waits for its frame

  function capture(area) {
    const { resolve, reject } = pending;
    pending = null;
    try {
      const gl = canvas.getContext('webgl2');
      const scale = gl.drawingBufferWidth / Math.max(1, canvas.clientWidth);
      const x = Math.max(0, Math.round(area.left * scale));
      const w = Math.min(gl.drawingBufferWidth - x, Math.round(area.width * scale));
      const top = Math.max(0, Math.round(area.top * scale));
      const h = Math.min(gl.drawingBufferHeight - top, Math.round(area.height * scale));
      if (w <= 0 || h <= 0) throw new Error('the canvas is too small');
      const pixels = new Uint8Array(w * h * 4);
      const previous = gl.getParameter(gl.READ_FRAMEBUFFER_BINDING);
      gl.bindFramebuffer(gl.READ_FRAMEBUFFER, null);
      gl.readPixels(x, gl.drawingBufferHeight - top - h, w, h, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
      gl.bindFramebuffer(gl.READ_FRAMEBUFFER, previous);
      const out = document.createElement('canvas');
      out.width = w;
      out.height = h;
      const ctx = out.getContext('2d');
      const image = ctx.createImageData(w, h);
      const row = w * 4;
      // GL rows run bottom-up; the image's top-down.
      for (let y = 0; y < h; y++) image.data.set(pixels.subarray((h - 1 - y) * row, (h - y) * row), y * row);
      for (let i = 3; i < image.data.length; i += 4) image.data[i] = 255;  // opaque, whatever the buffer's alpha
      ctx.putImageData(image, 0, 0);
      out.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png');
    } catch (err) {
      reject(err);
    }
  }

  return {
    /** Promise<Blob> of the next frame's canvas area; a second request before it resolves shares it. */
    request() {
      if (pending) return pending.promise;
      const next = {};
      next.promise = new Promise((resolve, reject) => { next.resolve = resolve; next.reject = reject; });
      pending = next;
      wasm.call('pl_request_snapshot');
      return next.promise;
    },
    afterMainLoop() {
      if (!pending) return;
      const area = JSON.parse(wasm.text('pl_snapshot_area'));
      if (area) capture(area);
    },
    cancel(reason) {
      if (!pending) return;
      pending.reject(reason);
      pending = null;
    },
  };
}
