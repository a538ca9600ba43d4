import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

// As the default template: Tailwind and React Router, no chunking or other tuning.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
})
