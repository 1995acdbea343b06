/** Messages of the console frame (console.frame.*). */
export const frameEn = {
  mainMenu: 'Main menu',
  sidebar: 'Sidebar',
  toggleMenu: 'Toggle menu',
  anchor: 'Pin the menu open',
  settings: 'Settings',
  userMenu: 'User menu',
  signedInAs: 'Signed in as',
};
