declare module 'virtual:client-assets' {
  const assets: import('./client-assets').ClientAssets;
  export default assets;
}
