/** The heart in a teal circle of the header and the favicon, as one SVG document. */
export const LOGO_SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'><circle cx='12' cy='12' r='12' fill='#155459'/><path d='M16.9 7.6a3 3 0 0 0-4.2 0l-.7.7-.7-.7a3 3 0 0 0-4.2 4.2l4.9 4.8 4.9-4.8a3 3 0 0 0 0-4.2Z' fill='white'/></svg>";
