/** Dialog widths: profile 40vw and connected data 30vw, both 75vw below 960 px. */
export const dialogWidth = (viewportPercent: number) => ({
  width: `${viewportPercent}vw`,
  maxWidth: 'none',
  '@media (max-width: 959.95px)': { width: '75vw' },
});
