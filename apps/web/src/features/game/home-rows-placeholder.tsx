/**
 * The shape of home's rows while their chunk loads, so what follows does not jump when they arrive.
 * Part of the first bundle (tiny); styled by home.css, the page it stands in.
 */
export function HomeRowsPlaceholder() {
  return (
    <div className="home-rows-placeholder" aria-hidden="true">
      <span className="home-rows-placeholder__card" />
      <span className="home-rows-placeholder__card" />
      <span className="home-rows-placeholder__card" />
      <span className="home-rows-placeholder__card" />
    </div>
  );
}
