import { useParams } from 'react-router';
import { ListingScreen } from './listing-screen';

/** /fabrics: the listing restricted to shop fabrics. */
export function FabricsScreen() {
  return <ListingScreen kind="fabrics" title="Fabrics" />;
}

/**
 * /jewels (and the footer's /jewel): the listing restricted to shop jewel. Its heading says Jewels,
 * as the navbar link that opens it does (spec 1 §2); the document title stays 'Jewel | SSD' (spec 2 §2).
 */
export function JewelScreen() {
  return <ListingScreen kind="jewel" title="Jewel" heading="Jewels" />;
}

/** /catalog/{title}: the listing of one catalog. */
export function CatalogScreen() {
  const { title = '' } = useParams();
  // A new catalog is a new listing: remount so nothing of the previous one lingers.
  return <ListingScreen key={title} kind="catalog" title={title} catalogTitle={title} />;
}
