/** What a UI module's stylesheet import gives under Jest (jest.config.js maps `.css` here): nothing. */
export {};
