import { useState } from 'react';
import { saveFile } from '../lib/download';
import { SMALL_BUTTON } from '../lib/DownloadButton';
import { currentFrame, useFrameNames, type FrameSlot } from '../scene/currentFrame';
import { PICTURE_SIDE, picturePng, pictureSide, pictureSvg, PNG_SCALES } from '../scene/pictureExport';
import { useApp } from '../store/store';
import { DESK_TYPE, LECTURE_TYPE } from '../views/canvasText';

/** The number typed in a field (NaN when it is empty or not a number). */
const numberIn = (text: string) => (text.trim() === '' ? NaN : Number(text));

const FIELD = 'rounded border border-border bg-surface px-1 py-0.5 text-sm';

/**
 * "Export picture": the network view's current frame (or, when chosen, the detail pane's matrix) as an
 * SVG (text stays text) or a PNG, at a chosen size, scale and type, with the picture's legend in a
 * strip under it (scene/pictureExport.ts). File names: the schedule's, the step and the picture.
 */
export function PictureOut({ stem }: { stem: string }) {
  const names = useFrameNames();
  const [chosen, setChosen] = useState<FrameSlot>('network');
  // The network view unless the detail pane's picture is chosen (and still there).
  const slot: FrameSlot =
    chosen === 'detail' && names.detail ? 'detail' : names.network ? 'network' : 'detail';
  const name = names[slot];
  const [width, setWidth] = useState('1280');
  const [height, setHeight] = useState('720');
  const [scale, setScale] = useState<number>(2);
  const [lecture, setLecture] = useState(true);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!name) return null;
  const w = pictureSide(numberIn(width), 1280);
  const h = pictureSide(numberIn(height), 720);
  const type = lecture ? LECTURE_TYPE : DESK_TYPE;

  const save = async (format: 'svg' | 'png') => {
    const picture = currentFrame(slot);
    if (!picture) return;
    const file = `${stem}-step${useApp.getState().config.step}-${picture.name}.${format}`;
    setBusy(format);
    setError(null);
    try {
      if (format === 'svg')
        saveFile(file, [await pictureSvg(picture, w, h, type)], 'image/svg+xml;charset=utf-8');
      else saveFile(file, [await picturePng(picture, w, h, scale, type)], 'image/png');
    } catch (e) {
      setError(`Could not write ${file}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <fieldset
      className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-text"
      data-testid="picture-out"
    >
      <legend className="float-left mr-1">Export picture:</legend>
      {names.network && names.detail && (
        <label className="inline-flex items-center gap-1">
          of
          <select
            className={FIELD}
            value={slot}
            onChange={(e) => setChosen(e.target.value as FrameSlot)}
            data-testid="picture-of"
          >
            <option value="network">the {names.network} view</option>
            <option value="detail">the {names.detail} matrix</option>
          </select>
        </label>
      )}
      <SizeField name="width" value={width} onChange={setWidth} />
      <SizeField name="height" value={height} onChange={setHeight} />
      <label className="inline-flex items-center gap-1">
        type
        <select
          className={FIELD}
          value={lecture ? 'lecture' : 'desk'}
          onChange={(e) => setLecture(e.target.value === 'lecture')}
          data-testid="picture-type"
        >
          <option value="lecture">lecture</option>
          <option value="desk">desk</option>
        </select>
      </label>
      <label className="inline-flex items-center gap-1">
        PNG scale
        <select
          className={FIELD}
          value={scale}
          onChange={(e) => setScale(Number(e.target.value))}
          data-testid="picture-scale"
        >
          {PNG_SCALES.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </label>
      {(
        [
          ['svg', `an SVG of ${w} × ${h} px (text stays text)`],
          ['png', `a PNG of ${w * scale} × ${h * scale} pixels`],
        ] as const
      ).map(([format, as]) => (
        <button
          key={format}
          type="button"
          className={SMALL_BUTTON}
          disabled={busy !== null}
          onClick={() => void save(format)}
          title={`The ${name} picture's current step as ${as}, with its legend`}
          data-testid={`export-${format}`}
        >
          {busy === format ? 'preparing…' : format.toUpperCase()}
        </button>
      ))}
      {(w !== numberIn(width) || h !== numberIn(height)) && (
        <span className="text-muted" data-testid="picture-size-note">
          drawn at {w} × {h} (sides from {PICTURE_SIDE.min} to {PICTURE_SIDE.max} px)
        </span>
      )}
      {error && (
        <span className="text-danger" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}

/** One side of the picture, in px, within PICTURE_SIDE (what `pictureSide` holds it to). */
function SizeField({
  name,
  value,
  onChange,
}: {
  name: 'width' | 'height';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="inline-flex items-center gap-1">
      {name}
      <input
        type="number"
        className={`${FIELD} w-20`}
        min={PICTURE_SIDE.min}
        max={PICTURE_SIDE.max}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={`picture-${name}`}
      />
    </label>
  );
}
